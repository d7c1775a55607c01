// Original document bytes stored in the database in ~1 MiB pieces: written from a spool file, read back to a temp file.

import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { documentBlobs } from "../../db/schema";

/** Size of one stored piece: big enough for few rows, small enough to never hold much in memory. */
export const BLOB_PIECE_BYTES = 1024 * 1024;

/** Anything that can run drizzle queries: the db or a transaction. */
type Queryable = Pick<Db, "insert" | "select" | "execute">;

/** Copies a file into document_blobs, one row per piece, reading it piece by piece. */
export async function writeBlobsFromFile(
  db: Queryable,
  documentId: string,
  filePath: string,
): Promise<number> {
  let seq = 0;
  const stream = createReadStream(filePath, { highWaterMark: BLOB_PIECE_BYTES });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const data = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await db.insert(documentBlobs).values({ documentId, seq, data });
    seq += 1;
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= BLOB_PIECE_BYTES) await flush();
  }
  await flush();
  return seq;
}

/** Stores bytes already in memory (a text data source) as pieces. */
export async function writeBlobsFromBytes(
  db: Queryable,
  documentId: string,
  bytes: Uint8Array,
): Promise<void> {
  for (let offset = 0, seq = 0; offset < bytes.length || seq === 0; offset += BLOB_PIECE_BYTES, seq += 1) {
    const data = bytes.subarray(offset, offset + BLOB_PIECE_BYTES);
    await db.insert(documentBlobs).values({ documentId, seq, data });
    if (bytes.length === 0) break;
  }
}

/** Streams a document's stored bytes into `filePath`, one piece in memory at a time. Returns the bytes written. */
export async function readBlobsToFile(db: Db, documentId: string, filePath: string): Promise<number> {
  const [{ pieces } = { pieces: 0 }] = await db
    .select({ pieces: sql<number>`count(*)::int` })
    .from(documentBlobs)
    .where(eq(documentBlobs.documentId, documentId));
  const out = createWriteStream(filePath);
  let written = 0;
  try {
    for (let seq = 0; seq < pieces; seq += 1) {
      const [row] = await db
        .select({ data: documentBlobs.data })
        .from(documentBlobs)
        .where(and(eq(documentBlobs.documentId, documentId), eq(documentBlobs.seq, seq)));
      if (!row) throw new Error(`piece ${seq} of document ${documentId} is missing`);
      const data = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
      written += data.length;
      if (!out.write(data)) await once(out, "drain");
    }
  } finally {
    out.end();
    await once(out, "close");
  }
  return written;
}

/** Reads a small document's bytes into memory (text data sources). */
export async function readBlobs(db: Db, documentId: string): Promise<Buffer> {
  const rows = await db
    .select({ data: documentBlobs.data })
    .from(documentBlobs)
    .where(eq(documentBlobs.documentId, documentId))
    .orderBy(documentBlobs.seq);
  return Buffer.concat(
    rows.map((row) => Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength)),
  );
}
