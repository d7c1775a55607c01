// createDataSource on both engines: names stored without invisible characters; web pages read in the extraction child.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { VALIDATION } from "@acp/contracts/messages";
import { eq } from "drizzle-orm";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataSources, documents } from "../../db/schema";
import { createTestApp, engines, signUp, type TestApp } from "../../test/test-app";
import { uploadOk, waitForDocument } from "../../test/uploads";
import { UNKNOWN_DOCUMENT_AGENT } from "../documents/document-agent";
import { storeDocuments } from "../documents/store-uploads";

const PAGE = `<!doctype html><html><head><title>Café menu</title></head><body><article><h1>Café menu</h1>
<p>The café serves crème brûlée every afternoon, and the pâtissier bakes fresh croissants before seven each morning.</p>
<p>Orders for large groups go through the front desk at least two days ahead, so the kitchen can plan its deliveries.</p>
</article></body></html>`;

describe.each(engines)("createDataSource on %s", (engine) => {
  let t: TestApp;
  let server: http.Server;
  let base: string;
  /** Requests the page server received, by path. */
  const fetched: string[] = [];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      fetched.push(request.url ?? "");
      if (request.url === "/latin1") {
        response.writeHead(200, { "content-type": "text/html; charset=windows-1252" });
        response.end(iconv.encode(PAGE, "windows-1252"));
      } else if (request.url === "/empty") {
        response.writeHead(200, { "content-type": "text/html" });
        response.end("<!doctype html><html><body><script>1</script></body></html>");
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp(engine, { config: { urlFetch: { allowCidrs: ["127.0.0.1/32"] } } });
  });
  afterAll(async () => {
    await t?.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (cookie: string, body: unknown) =>
    t.request("/api/data-sources", {
      method: "POST",
      cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("stores a data source's name without bidi overrides, isolates or zero-width characters", async () => {
    const a = await signUp(t);
    const response = await post(a.cookie, {
      name: "invoice\u202Efdp.exe \u2066notes\u2069\u200B",
      type: "text",
      content: "Invoices are due within thirty days.",
      agentId: "gtm",
    });
    expect(response.status).toBe(201);
    const { document } = (await response.json()) as { document: { id: string; originalName: string } };
    expect(document.originalName).toBe("invoicefdp.exe notes");
    const [row] = await t.database.db
      .select()
      .from(dataSources)
      .where(eq(dataSources.documentId, document.id));
    expect(row?.name).toBe("invoicefdp.exe notes");
    const [stored] = await t.database.db.select().from(documents).where(eq(documents.id, document.id));
    expect(stored).toMatchObject({ name: "invoicefdp.exe notes", originalName: "invoicefdp.exe notes" });
  });

  it("refuses a name made only of invisible characters with the spec's message", async () => {
    const a = await signUp(t);
    const response = await post(a.cookie, {
      name: "\u200B\u202E\u2060",
      type: "text",
      content: "x",
      agentId: "gtm",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "VALIDATION_ERROR", error: VALIDATION.dataSource });
  });

  it("stores an uploaded file's name without its right-to-left override", async () => {
    const a = await signUp(t);
    const [doc] = await uploadOk(t, a.cookie, [{ name: "report\u202Etxt.\u200Bcsv", content: "a,b\n1,2\n" }]);
    expect(doc?.originalName).toBe("reporttxt.csv");
  });

  it("storeDocuments itself cleans a name, whoever calls it", async () => {
    const a = await signUp(t);
    const data = new TextEncoder().encode("Stored straight through the service.");
    const [stored] = await storeDocuments({
      db: t.database.db,
      queue: t.deps.queues.ingestion,
      userId: a.user.id,
      agentId: "gtm",
      category: "Notes",
      items: [
        {
          originalName: "notes\u202Etxt.exe\u200B",
          mimeType: "text/plain",
          fileType: null,
          size: data.length,
          sha256: `${"0".repeat(63)}1`,
          source: "text",
          bytes: { data },
        },
      ],
    });
    expect(stored).toMatchObject({ originalName: "notestxt.exe", name: "notestxt.exe" });
  });

  it("never fetches a page for another user's custom agent (refused before the request)", async () => {
    const owner = await signUp(t);
    const created = await t.request("/api/custom-agents", {
      method: "POST",
      cookie: owner.cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Owner's agent", systemPrompt: "Answer from the documents." }),
    });
    const { id } = (await created.json()) as { id: string };
    const intruder = await signUp(t);
    const before = fetched.length;
    const response = await post(intruder.cookie, {
      name: "Menu",
      type: "url",
      content: `${base}/latin1?for-another-agent`,
      agentId: id,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(UNKNOWN_DOCUMENT_AGENT);
    expect(fetched.slice(before)).toEqual([]);
  });

  it("keeps the page's HTML for the extraction child, which reads it (charset from the Content-Type)", async () => {
    const a = await signUp(t);
    const response = await post(a.cookie, {
      name: "Menu",
      type: "url",
      content: `${base}/latin1`,
      agentId: "gtm",
    });
    expect(response.status).toBe(201);
    const { document } = (await response.json()) as { document: { id: string; mimeType: string } };
    // The API did not parse the page: it stored it (as UTF-8) for the child to read as "html".
    expect(document.mimeType).toBe("text/html");
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, document.id));
    expect(row?.fileType).toBe("html");
    const detail = await waitForDocument(t, a.cookie, document.id);
    expect(detail.document.status).toBe("completed");
    const text = detail.parts.map((part) => part.text).join("\n");
    expect(text).toContain("crème brûlée");
    expect(text).not.toContain("<p>");
  });

  it("fails a page without readable text with a reason, in the child", async () => {
    const a = await signUp(t);
    const response = await post(a.cookie, {
      name: "Empty",
      type: "url",
      content: `${base}/empty`,
      agentId: "gtm",
    });
    expect(response.status).toBe(201);
    const { document } = (await response.json()) as { document: { id: string } };
    const detail = await waitForDocument(t, a.cookie, document.id);
    expect(detail.document.status).toBe("failed");
    expect(detail.document.error).toMatch(/no readable text/);
  });

  it("answers an unknown site in words", async () => {
    const a = await signUp(t);
    const response = await post(a.cookie, {
      name: "Nowhere",
      type: "url",
      content: "http://example.invalid/",
      agentId: "gtm",
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string };
    expect(body.error).toBe("We could not find the site example.invalid. Check the address.");
  });
});
