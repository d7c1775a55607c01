// POST /api/data-sources on both engines: text and web pages ingested like documents; private addresses and api refused.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { knowledgeDocumentSchema } from "@acp/contracts/knowledge";
import { DATA_SOURCE_CATEGORY } from "@acp/contracts/knowledge-constants";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataSources } from "../db/schema";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { listDocumentsFor, waitForDocument } from "../test/uploads";

const ARTICLE = `<!doctype html><html><head><title>Pricing update</title><script>var tracking = "ignore me";</script></head>
<body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Pricing update for 2027</h1>
<p>From January the Team plan costs forty-two euros per seat and includes priority support for every workspace.</p>
<p>Enterprise customers keep their negotiated rates until their contract renews, and annual billing stays discounted.</p>
<p>Questions about invoices go to the billing desk, which answers within one working day on weekdays.</p>
</article><footer>Copyright</footer></body></html>`;

describe.each(engines)("POST /api/data-sources on %s", (engine) => {
  let t: TestApp;
  let strict: TestApp;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === "/article") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(ARTICLE);
      } else if (request.url?.startsWith("/to-private")) {
        response.writeHead(302, { location: "http://10.0.0.7/internal" });
        response.end();
      } else if (request.url === "/to-metadata") {
        response.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/iam/" });
        response.end();
      } else if (request.url === "/image") {
        response.writeHead(200, { "content-type": "image/png" });
        response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The test server is on loopback: this app opens 127.0.0.1 (and nothing else); `strict` keeps the real policy.
    t = await createTestApp(engine, { config: { urlFetch: { allowCidrs: ["127.0.0.1/32"] } } });
    strict = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
    await strict?.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (app: TestApp, cookie: string, body: unknown) =>
    app.request("/api/data-sources", {
      method: "POST",
      cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("ingests text through the same pipeline; it appears in the document list for its agent", async () => {
    const a = await signUp(t);
    const response = await post(t, a.cookie, {
      name: "Refund policy",
      type: "text",
      content: "Refunds are granted within thirty days of purchase when the product is unused.",
      agentId: "qa-compliance",
    });
    expect(response.status).toBe(201);
    const { document } = (await response.json()) as { document: unknown };
    const doc = knowledgeDocumentSchema.strict().parse(document);
    expect(doc).toMatchObject({
      originalName: "Refund policy",
      source: "text",
      status: "processing",
      agentId: "qa-compliance",
      category: DATA_SOURCE_CATEGORY,
    });
    const detail = await waitForDocument(t, a.cookie, doc.id);
    expect(detail.document.status).toBe("completed");
    expect(detail.parts.map((p) => p.text).join(" ")).toContain("thirty days of purchase");
    expect((await listDocumentsFor(t, a.cookie, "?agent=qa-compliance")).map((d) => d.id)).toEqual([doc.id]);
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: count() })
      .from(dataSources)
      .where(eq(dataSources.documentId, doc.id));
    expect(n).toBe(1);
  });

  it("fetches a web page server-side and ingests its readable text", async () => {
    const a = await signUp(t);
    const response = await post(t, a.cookie, {
      name: "Pricing page",
      type: "url",
      content: `${base}/article`,
      agentId: "gtm",
      category: "Competitive Analysis",
    });
    expect(response.status).toBe(201);
    const { document } = (await response.json()) as { document: { id: string; source: string } };
    expect(document.source).toBe("url");
    const detail = await waitForDocument(t, a.cookie, document.id);
    expect(detail.document.status).toBe("completed");
    const text = detail.parts.map((p) => p.text).join("\n");
    expect(text).toContain("forty-two euros per seat");
    expect(text).not.toContain("ignore me");
  });

  it.each([
    ["the loopback server itself (real policy)", "strict", "/article"],
    ["a redirect to a private address", "t", "/to-private"],
    ["a redirect to the metadata address", "t", "/to-metadata"],
    ["a private address", "t", "http://192.168.0.10/"],
    ["the metadata address", "t", "http://169.254.169.254/latest/meta-data/"],
    ["localhost", "t", "http://localhost:1/"],
  ])("refuses %s with URL_NOT_ALLOWED and stores nothing", async (_label, which, target) => {
    const app = which === "strict" ? strict : t;
    const a = await signUp(app);
    const url = target.startsWith("/") ? `${base}${target}` : target;
    const response = await post(app, a.cookie, { name: "Page", type: "url", content: url, agentId: "gtm" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; error: string };
    expect(body.code).toBe("URL_NOT_ALLOWED");
    expect(body.error).toMatch(/cannot be fetched/);
    expect(await listDocumentsFor(app, a.cookie)).toEqual([]);
  });

  it("refuses content it cannot ingest: api sources and unsupported page types, never a false success", async () => {
    const a = await signUp(t);
    const api = await post(t, a.cookie, {
      name: "CRM",
      type: "api",
      content: "https://api.example.com/v1",
      agentId: "gtm",
    });
    expect(api.status).toBe(400);
    const apiBody = (await api.json()) as { code: string; error: string };
    expect(apiBody.code).toBe("UNSUPPORTED_DATA_SOURCE");
    expect(apiBody.error).toMatch(/cannot be ingested/);
    const image = await post(t, a.cookie, {
      name: "Logo",
      type: "url",
      content: `${base}/image`,
      agentId: "gtm",
    });
    expect(image.status).toBe(400);
    expect(((await image.json()) as { code: string }).code).toBe("UNSUPPORTED_DATA_SOURCE");
    expect(await listDocumentsFor(t, a.cookie)).toEqual([]);
  });

  it("answers the spec's message for a blank name or content", async () => {
    const a = await signUp(t);
    for (const body of [
      { name: "  ", type: "text", content: "x", agentId: "gtm" },
      { name: "Name", type: "text", content: "   ", agentId: "gtm" },
    ]) {
      const response = await post(t, a.cookie, body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { code: string; error: string };
      expect(answer.code).toBe("VALIDATION_ERROR");
      expect(answer.error).toContain("Please provide both name and content for the data source");
    }
  });
});
