// Documents end to end on both engines: streamed upload with validation, limits and duplicates, ingestion, detail, delete.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  documentDetailSchema,
  knowledgeDocumentSchema,
  uploadResponseSchema,
} from "@acp/contracts/knowledge";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { documentBlobs, documentChunks, documentParts, documents } from "../db/schema";
import { HANDOFF_PREFIX } from "../services/documents/spool-handoff";
import { SPOOL_PREFIX } from "../services/documents/spool-upload";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { listDocumentsFor, uploadFiles, uploadOk, uploadStream, waitForDocument } from "../test/uploads";

const documentListSchema = z.array(knowledgeDocumentSchema.strict());
const FIXTURES = "/work/shared/fixtures/real-world";

/** A minimal valid PDF with one line of text (built here, so no binary is committed). */
function tinyPdf(text: string): Uint8Array {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** File -> phrases from the MANIFEST table ("Phrase: `...`", "Phrases: `a`, `b`", "(also `...`)"). */
function manifestPhrases(manifest: string): Map<string, string[]> {
  const phrases = new Map<string, string[]>();
  for (const line of manifest.split("\n")) {
    const file = /^\| `([^`]+)` \|/.exec(line)?.[1];
    if (!file) continue;
    const last = line.split(" | ").at(-1) ?? "";
    const at = last.search(/Phrases?: /);
    if (at < 0) continue;
    const found = [...last.slice(at).matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "");
    phrases.set(file, found.filter(Boolean));
  }
  return phrases;
}

describe.each(engines)("documents on %s", (engine) => {
  let t: TestApp;
  let spoolDir: string;
  beforeAll(async () => {
    spoolDir = await mkdtemp(path.join(tmpdir(), "acp-spool-test-"));
    t = await createTestApp(engine, {
      config: { upload: { maxFileBytes: 200 * 1024 * 1024, spoolDir } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(spoolDir, { recursive: true, force: true });
  });

  /** Upload spool folders left (files handed off to earlier documents' jobs are not theirs). */
  const uploadFolders = async () => (await readdir(spoolDir)).filter((name) => name.startsWith(SPOOL_PREFIX));

  const countRows = async (table: typeof documents | typeof documentBlobs | typeof documentParts) => {
    const [row] = await t.database.db.select({ n: count() }).from(table);
    return row?.n ?? 0;
  };

  it("lists only the user's documents, newest first, filtered by agent, in the contract's shape", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const first = await uploadOk(t, a.cookie, [{ name: "gtm-1.txt", content: "Go to market plan one." }], {
      agentId: "gtm",
      category: "Sales Playbooks",
    });
    const second = await uploadOk(t, a.cookie, [{ name: "legal-1.txt", content: "A contract clause." }], {
      agentId: "legal",
    });
    const third = await uploadOk(t, a.cookie, [{ name: "none.txt", content: "Nobody's document." }]);
    await uploadOk(t, b.cookie, [{ name: "b-gtm.txt", content: "B's plan." }], { agentId: "gtm" });

    const list = documentListSchema.parse(await listDocumentsFor(t, a.cookie));
    expect(list.map((d) => d.originalName)).toEqual(["none.txt", "legal-1.txt", "gtm-1.txt"]);
    expect(list.map((d) => d.id)).toEqual([third[0]?.id, second[0]?.id, first[0]?.id]);
    const gtm = list.find((d) => d.originalName === "gtm-1.txt");
    expect(gtm).toMatchObject({
      agentId: "gtm",
      category: "Sales Playbooks",
      source: "upload",
      mimeType: "text/plain",
    });
    expect((await listDocumentsFor(t, a.cookie, "?agent=gtm")).map((d) => d.originalName)).toEqual([
      "gtm-1.txt",
    ]);
    expect((await listDocumentsFor(t, a.cookie, "?agent=vision")).length).toBe(0);
    expect((await listDocumentsFor(t, b.cookie)).map((d) => d.originalName)).toEqual(["b-gtm.txt"]);

    const empty = await t.request("/api/documents?agent=", { cookie: a.cookie });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { code: string }).code).toBe("VALIDATION_ERROR");
  });

  it("uploads several files, answers them processing, and ingests each to completed", async () => {
    const a = await signUp(t);
    const response = await uploadFiles(
      t,
      a.cookie,
      [
        { name: "notes.TXT", content: "The quarterly revenue grew by twelve percent.\n\nCosts stayed flat." },
        { name: "table.csv", content: "region,revenue\nNorth,100\nSouth,200\n" },
        { name: "report.pdf", content: tinyPdf("Quarterly board report") },
      ],
      { agentId: "fundraising", category: "Financial Statements" },
    );
    expect(response.status).toBe(201);
    const { documents: answered } = uploadResponseSchema.parse(await response.json());
    expect(answered.map((d) => [d.originalName, d.status, d.duplicate])).toEqual([
      ["notes.TXT", "processing", false],
      ["table.csv", "processing", false],
      ["report.pdf", "processing", false],
    ]);
    expect(answered.every((d) => d.agentId === "fundraising" && d.category === "Financial Statements")).toBe(
      true,
    );

    for (const doc of answered) {
      const detail = documentDetailSchema.parse(await waitForDocument(t, a.cookie, doc.id));
      expect(detail.document).toMatchObject({
        status: "completed",
        stage: "completed",
        progress: 100,
        error: null,
      });
      expect(detail.chunkCount).toBeGreaterThan(0);
      expect(detail.document.chunkCount).toBe(detail.chunkCount);
      expect(detail.embedder).toBe(t.deps.embedder.id);
      expect(detail.parts.length).toBeGreaterThan(0);
      expect(detail.timings.map((timing) => timing.stage)).toEqual([
        "extracting",
        "chunking",
        "embedding",
        "indexing",
      ]);
      expect(detail.timings.every((timing) => timing.finishedAt !== null)).toBe(true);
    }
    // Each job read its file from the spool the upload handed off, and took it away.
    const handedOff = (await readdir(spoolDir)).filter((name) => name.startsWith(HANDOFF_PREFIX));
    expect(handedOff.filter((name) => answered.some((d) => name.includes(d.id)))).toEqual([]);
    const pdf = documentDetailSchema.parse(await waitForDocument(t, a.cookie, answered[2]?.id ?? ""));
    expect(pdf.parts[0]?.text).toContain("Quarterly board report");
    expect(pdf.parts[0]?.location).toEqual({ kind: "page", page: 1 });

    const stats = (await (await t.request("/api/knowledge/stats", { cookie: a.cookie })).json()) as Record<
      string,
      number
    >;
    expect(stats.totalDocuments).toBe(3);
    expect(stats.storageBytes).toBe(answered.reduce((sum, d) => sum + d.size, 0));
    expect(stats.vectorEmbeddings).toBe(
      answered.length > 0 ? (await listDocumentsFor(t, a.cookie)).reduce((s, d) => s + d.chunkCount, 0) : 0,
    );
  });

  it("refuses the whole upload when any file is invalid, naming every bad file and why, storing nothing", async () => {
    const a = await signUp(t);
    const before = { docs: await countRows(documents), blobs: await countRows(documentBlobs) };
    const response = await uploadFiles(t, a.cookie, [
      { name: "good.txt", content: "Perfectly fine text." },
      { name: "virus.exe", content: "MZ\x90\x00 not allowed" },
      { name: "fake.pdf", content: "This is plain text pretending to be a PDF." },
      { name: "fake.docx", content: tinyPdf("a pdf named docx") },
      { name: "no-extension", content: "text" },
    ]);
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: string;
      code: string;
      details: { files: { name: string; reason: string }[] };
    };
    expect(body.code).toBe("INVALID_FILES");
    expect(body.details.files.map((f) => f.name).sort()).toEqual([
      "fake.docx",
      "fake.pdf",
      "no-extension",
      "virus.exe",
    ]);
    for (const name of ["virus.exe", "fake.pdf", "fake.docx", "no-extension"])
      expect(body.error).toContain(name);
    expect(body.error).not.toContain("good.txt");
    const reasons = Object.fromEntries(body.details.files.map((f) => [f.name, f.reason]));
    expect(reasons["virus.exe"]).toMatch(/not supported/);
    expect(reasons["fake.pdf"]).toMatch(/not a PDF/);
    expect(reasons["fake.docx"]).toMatch(/not a Word document/);
    expect({ docs: await countRows(documents), blobs: await countRows(documentBlobs) }).toEqual(before);
    expect(await listDocumentsFor(t, a.cookie)).toEqual([]);
    expect(await uploadFolders()).toEqual([]);
  });

  it("answers 400 for a request without files and 415 for a non-multipart body", async () => {
    const a = await signUp(t);
    const none = await uploadFiles(t, a.cookie, [], { agentId: "gtm" });
    expect(none.status).toBe(400);
    const json = await t.request("/api/documents/upload", {
      method: "POST",
      cookie: a.cookie,
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(415);
    const anonymous = await uploadFiles(t, "", [{ name: "a.txt", content: "x" }]);
    expect(anonymous.status).toBe(401);
  });

  it("refuses a 250 MB file with 413 naming it and the limit, keeping nothing", async () => {
    const a = await signUp(t);
    const before = { docs: await countRows(documents), blobs: await countRows(documentBlobs) };
    const line = new TextEncoder().encode(
      "0123456789abcdefghijklmnopqrstuvwxyz,ABCDEFGHIJKLMNOPQRSTUVWXYZ\n",
    );
    const block = new Uint8Array(1024 * 1024);
    for (let i = 0; i < block.length; i++) block[i] = line[i % line.length] ?? 10;
    const response = await uploadStream(t, a.cookie, {
      fileName: "huge.csv",
      size: 250 * 1024 * 1024,
      fill: (_offset, length) => (length === block.length ? block : block.subarray(0, length)),
    });
    expect(response.status).toBe(413);
    const body = (await response.json()) as {
      error: string;
      code: string;
      details: { file: string; limitBytes: number };
    };
    expect(body).toEqual({
      error: "huge.csv is larger than the 200 MB limit",
      code: "PAYLOAD_TOO_LARGE",
      details: { file: "huge.csv", limitBytes: 200 * 1024 * 1024 },
    });
    expect({ docs: await countRows(documents), blobs: await countRows(documentBlobs) }).toEqual(before);
    expect(await uploadFolders()).toEqual([]);
  }, 120_000);

  it("recognises the same file uploaded again by the same user for the same agent", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const file = { name: "handbook.txt", content: "Employees get twenty-five days of leave." };
    const [original] = await uploadOk(t, a.cookie, [file], { agentId: "legal" });
    const [again] = await uploadOk(t, a.cookie, [{ ...file, name: "handbook-copy.txt" }], {
      agentId: "legal",
    });
    expect(again).toMatchObject({ id: original?.id, duplicate: true, originalName: "handbook.txt" });
    // The same bytes twice in one request are one document too.
    const twice = await uploadOk(t, a.cookie, [file, file], { agentId: "vision" });
    expect(twice.map((d) => d.duplicate)).toEqual([false, true]);
    expect(twice[0]?.id).toBe(twice[1]?.id);
    // Two uploads of the same new file at once: one document, the other answer marks the duplicate.
    const racing = { name: "race.txt", content: `Raced at ${Date.now()}: one copy only.` };
    const raced = await Promise.all(
      [1, 2, 3].map(() => uploadOk(t, a.cookie, [racing], { agentId: "legal" })),
    );
    expect(new Set(raced.map(([d]) => d?.id)).size).toBe(1);
    expect(raced.map(([d]) => d?.duplicate).sort()).toEqual([false, true, true]);
    // Another agent, or another user, is not a duplicate.
    const [otherAgent] = await uploadOk(t, a.cookie, [file], { agentId: "gtm" });
    const [otherUser] = await uploadOk(t, b.cookie, [file], { agentId: "legal" });
    expect(otherAgent?.duplicate).toBe(false);
    expect(otherUser?.duplicate).toBe(false);
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: count() })
      .from(documents)
      .where(eq(documents.sha256, original?.sha256 ?? ""));
    expect(n).toBe(4);
    const completed = await waitForDocument(t, a.cookie, original?.id ?? "");
    const [{ chunks } = { chunks: 0 }] = await t.database.db
      .select({ chunks: count() })
      .from(documentChunks)
      .where(eq(documentChunks.documentId, original?.id ?? ""));
    expect(chunks).toBe(completed.chunkCount);
  });

  it("never shows, returns or deletes another user's document", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const [doc] = await uploadOk(t, a.cookie, [
      { name: "secret.txt", content: "The launch date is in March." },
    ]);
    await waitForDocument(t, a.cookie, doc?.id ?? "");
    expect(await listDocumentsFor(t, b.cookie)).toEqual([]);
    expect((await t.request(`/api/documents/${doc?.id}`, { cookie: b.cookie })).status).toBe(404);
    expect(
      (await t.request(`/api/documents/${doc?.id}`, { method: "DELETE", cookie: b.cookie })).status,
    ).toBe(404);
    expect((await t.request(`/api/documents/${doc?.id}`, { cookie: a.cookie })).status).toBe(200);
    const stats = (await (await t.request("/api/knowledge/stats", { cookie: b.cookie })).json()) as Record<
      string,
      number
    >;
    expect(stats).toEqual({ totalDocuments: 0, vectorEmbeddings: 0, storageBytes: 0 });
  });

  it("deletes a document with its bytes, extracted parts, chunks and vectors", async () => {
    const a = await signUp(t);
    const [doc] = await uploadOk(t, a.cookie, [
      { name: "delete-me.txt", content: "Paragraph one about widgets.\n\nParagraph two about gadgets." },
    ]);
    const id = doc?.id ?? "";
    const detail = await waitForDocument(t, a.cookie, id);
    expect([detail.document.status, detail.document.error]).toEqual(["completed", null]);
    const rowsOf = async () => ({
      blobs: (
        await t.database.db.select({ n: count() }).from(documentBlobs).where(eq(documentBlobs.documentId, id))
      )[0]?.n,
      parts: (
        await t.database.db.select({ n: count() }).from(documentParts).where(eq(documentParts.documentId, id))
      )[0]?.n,
      chunks: (
        await t.database.db
          .select({ n: count() })
          .from(documentChunks)
          .where(eq(documentChunks.documentId, id))
      )[0]?.n,
    });
    const before = await rowsOf();
    expect(before.blobs).toBeGreaterThan(0);
    expect(before.parts).toBeGreaterThan(0);
    expect(before.chunks).toBe(detail.chunkCount);
    // PostgreSQL in CI has no pgvector: there the chunks are indexed lexically only and the store answers 503.
    if (engine === "pglite") {
      expect((await t.deps.vectorStore.stats({ userId: a.user.id })).totalVectorCount).toBe(
        detail.chunkCount,
      );
    }

    const response = await t.request(`/api/documents/${id}`, { method: "DELETE", cookie: a.cookie });
    expect(response.status).toBe(204);
    expect(await rowsOf()).toEqual({ blobs: 0, parts: 0, chunks: 0 });
    if (engine === "pglite")
      expect((await t.deps.vectorStore.stats({ userId: a.user.id })).totalVectorCount).toBe(0);
    expect((await t.request(`/api/documents/${id}`, { cookie: a.cookie })).status).toBe(404);
    expect((await t.request(`/api/documents/${id}`, { method: "DELETE", cookie: a.cookie })).status).toBe(
      404,
    );
  });

  it("takes every real-world fixture through the pipeline: good files complete, corrupt ones fail with a reason", async () => {
    const a = await signUp(t);
    const names = (await readdir(FIXTURES)).filter((name) => name !== "MANIFEST.md").sort();
    const files = await Promise.all(
      names.map(async (name) => ({
        name,
        content: new Uint8Array(await readFile(path.join(FIXTURES, name))),
      })),
    );
    const answered = await uploadOk(t, a.cookie, files, { agentId: "technical" });
    expect(answered.map((d) => d.originalName)).toEqual(names);
    const results = new Map<string, Awaited<ReturnType<typeof waitForDocument>>>();
    for (const doc of answered)
      results.set(doc.originalName, await waitForDocument(t, a.cookie, doc.id, { timeoutMs: 240_000 }));

    for (const [name, detail] of results) {
      if (name.startsWith("corrupt-")) {
        expect(detail.document.status, name).toBe("failed");
        expect(detail.document.stage, name).toBe("failed");
        expect(detail.document.error, name).toBeTruthy();
        expect(detail.document.error, name).not.toMatch(/^Processing failed/);
      } else {
        expect([name, detail.document.status, detail.document.error]).toEqual([name, "completed", null]);
        expect(detail.chunkCount, name).toBeGreaterThan(0);
      }
    }
    // Every MANIFEST phrase is found through the retrieval API, in the file it belongs to.
    const manifest = await readFile(path.join(FIXTURES, "MANIFEST.md"), "utf8");
    const misses: string[] = [];
    for (const [file, phrases] of manifestPhrases(manifest)) {
      if (file.startsWith("corrupt-")) continue;
      for (const phrase of phrases) {
        const response = await t.request("/api/retrieval/search", {
          method: "POST",
          cookie: a.cookie,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query: phrase, topK: 10 }),
        });
        expect(response.status).toBe(200);
        const { results: found } = (await response.json()) as { results: { documentName: string }[] };
        if (!found.some((r) => r.documentName === file)) misses.push(`${file}: ${phrase}`);
      }
    }
    expect(misses).toEqual([]);
    expect(results.get("corrupt-bad-trailer.pdf")?.document.error).toMatch(/PDF/i);
    expect(results.get("corrupt-bad-header.doc")?.document.error).toMatch(/Word|DOC/i);
    const workbook = results.get("five-sheets-german.xlsx");
    expect(workbook?.parts.map((p) => p.label).join(" | ")).toContain("Ersatzteilliste");
  }, 600_000);
});
