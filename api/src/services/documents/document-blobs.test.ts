// Original bytes in pieces: every byte value survives the round trip through each engine's bytea codec.
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/create-database";
import { insertDocument, insertUser } from "../../test/retrieval";
import { createTestDatabase, engines } from "../../test/test-app";
import {
  BLOB_PIECE_BYTES,
  readBlobs,
  readBlobsToFile,
  writeBlobsFromBytes,
  writeBlobsFromFile,
} from "./document-blobs";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe.each(engines)("document blobs on %s", (engine) => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    dir = await mkdtemp(path.join(tmpdir(), "acp-blobs-"));
  });
  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("stores a file in pieces and reads back the same bytes, every byte value included", async () => {
    const userId = await insertUser(database);
    const documentId = await insertDocument(database, userId);
    // Two and a half pieces: all 256 byte values in order, then random bytes (incompressible).
    const bytes = Buffer.concat([
      Buffer.from(Array.from({ length: 256 * 1024 }, (_, i) => i % 256)),
      randomBytes(BLOB_PIECE_BYTES * 2.5 - 256 * 1024),
    ]);
    const source = path.join(dir, `${documentId}.bin`);
    await writeFile(source, bytes);
    expect(await writeBlobsFromFile(database.db, documentId, source)).toBe(3);
    const copy = path.join(dir, `${documentId}.copy`);
    expect(await readBlobsToFile(database.db, documentId, copy)).toBe(bytes.length);
    expect(sha256(await readFile(copy))).toBe(sha256(bytes));
    expect(sha256(await readBlobs(database.db, documentId))).toBe(sha256(bytes));
  });

  it("keeps empty and small in-memory texts exactly", async () => {
    const userId = await insertUser(database);
    for (const text of ["", "\u0000nul and ünïcödé \\x00 \\\\x41"]) {
      const documentId = await insertDocument(database, userId);
      await writeBlobsFromBytes(database.db, documentId, new TextEncoder().encode(text));
      expect((await readBlobs(database.db, documentId)).toString("utf8")).toBe(text);
    }
  });
});
