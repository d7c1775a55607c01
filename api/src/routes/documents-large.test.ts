// A 190 MB CSV generated in the test, streamed up and ingested to completed: every row indexed, no row split.
// Slow by nature: about 1 minute on PostgreSQL and 3 on PGlite here (93k chunks).
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentBlobs, documentChunks } from "../db/schema";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { uploadStream, waitForDocument } from "../test/uploads";

const TARGET_BYTES = 190 * 1024 * 1024;
const HEADER = "id,region,product,quarter,revenue,notes\n";

/** Row `i` of the generated CSV; every row has the same length, so any byte offset maps to a row. */
function row(i: number): string {
  const id = String(i).padStart(8, "0");
  return `${id},Region ${String(i % 17).padStart(2, "0")},Product ${String(i % 101).padStart(3, "0")},Q${(i % 4) + 1},${String((i * 37) % 100000).padStart(5, "0")},"note ${id} about widgets and gadgets"\n`;
}
const ROW_BYTES = row(0).length;
const ROWS = Math.floor((TARGET_BYTES - HEADER.length) / ROW_BYTES);
const FILE_BYTES = HEADER.length + ROWS * ROW_BYTES;

/** Bytes [offset, offset + length) of the CSV, generated on demand. */
function csvBytes(offset: number, length: number): Uint8Array {
  let text = "";
  let position = offset;
  const end = offset + length;
  while (position < end) {
    if (position < HEADER.length) {
      text += HEADER.slice(position, Math.min(end, HEADER.length));
      position = Math.min(end, HEADER.length);
      continue;
    }
    const index = Math.floor((position - HEADER.length) / ROW_BYTES);
    const within = (position - HEADER.length) % ROW_BYTES;
    const take = Math.min(ROW_BYTES - within, end - position);
    text += row(index).slice(within, within + take);
    position += take;
  }
  return new TextEncoder().encode(text);
}

// Both engines. On PGlite this took about 40 minutes while the built-in embedder's vectors went through pgvector's HNSW
// graph one row at a time; they are searched in memory now (decision 0010).
describe.each(engines)("a 190 MB CSV on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("streams up, is stored in pieces and ingests to completed with every row in a chunk", async () => {
    const a = await signUp(t);
    const response = await uploadStream(t, a.cookie, {
      fileName: "ledger.csv",
      size: FILE_BYTES,
      fill: csvBytes,
    });
    expect(response.status).toBe(201);
    const {
      documents: [doc],
    } = (await response.json()) as { documents: { id: string; size: number }[] };
    expect(doc?.size).toBe(FILE_BYTES);
    const [{ pieces } = { pieces: 0 }] = await t.database.db
      .select({ pieces: count() })
      .from(documentBlobs)
      .where(eq(documentBlobs.documentId, doc?.id ?? ""));
    expect(pieces).toBe(Math.ceil(FILE_BYTES / (1024 * 1024)));

    const detail = await waitForDocument(t, a.cookie, doc?.id ?? "", {
      timeoutMs: 3_500_000,
      intervalMs: 2_000,
    });
    expect([detail.document.status, detail.document.error]).toEqual(["completed", null]);
    const [{ chunks } = { chunks: 0 }] = await t.database.db
      .select({ chunks: count() })
      .from(documentChunks)
      .where(eq(documentChunks.documentId, doc?.id ?? ""));
    expect(chunks).toBe(detail.chunkCount);
    // Row-wise chunks cover every row: the last chunk ends at the last row.
    const [last] = await t.database.db
      .select({ location: documentChunks.location, text: documentChunks.text })
      .from(documentChunks)
      .where(eq(documentChunks.id, `${doc?.id}:${detail.chunkCount - 1}`));
    // Rows are numbered as a spreadsheet shows them: the header is row 1, so the last data row is ROWS + 1.
    expect(last?.location).toMatchObject({ kind: "rows", rowEnd: ROWS + 1 });
    expect(last?.text).toContain(`note ${String(ROWS - 1).padStart(8, "0")} about`);
  }, 3_600_000);
});
