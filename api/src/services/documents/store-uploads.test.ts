// Storing uploads on both engines: a spooled file is handed off to its job only when the document is stored.
import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../../db/schema";
import type { IngestionQueue } from "../../queues/ingestion-queue";
import { createTestApp, engines, signUp, type TestApp } from "../../test/test-app";
import { deleteDocument } from "./delete-document";
import { readBlobs } from "./document-blobs";
import { HANDOFF_PREFIX } from "./spool-handoff";
import { type NewDocument, storeDocuments } from "./store-uploads";

describe.each(engines)("storing uploads on %s", (engine) => {
  let t: TestApp;
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "acp-store-uploads-"));
    // No workers: the hand-offs stay where the upload left them.
    t = await createTestApp(engine, {
      config: { workers: 0, upload: { maxFileBytes: 1024 * 1024, spoolDir: dir } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A spooled .txt file as spoolUpload leaves one. */
  const spooled = async (content: string): Promise<NewDocument> => {
    const filePath = path.join(dir, randomUUID());
    await writeFile(filePath, content);
    return {
      originalName: "notes.txt",
      mimeType: "text/plain",
      fileType: "txt",
      size: Buffer.byteLength(content),
      sha256: randomUUID(),
      source: "upload",
      bytes: { filePath },
    };
  };
  const handOffs = async () => (await readdir(dir)).filter((name) => name.startsWith(HANDOFF_PREFIX));

  it("stores the bytes and leaves the same bytes for the document's job, until the document is deleted", async () => {
    const { user } = await signUp(t);
    const item = await spooled("The quarterly revenue grew by twelve percent.");
    const [stored] = await storeDocuments({
      db: t.database.db,
      queue: t.deps.queues.ingestion,
      userId: user.id,
      agentId: null,
      category: null,
      items: [item],
      handoffDir: dir,
    });
    expect(stored?.duplicate).toBe(false);
    expect(await handOffs()).toEqual([`${HANDOFF_PREFIX}${stored?.id}`]);
    const handedOff = await readFile(path.join(dir, `${HANDOFF_PREFIX}${stored?.id}`), "utf8");
    expect(handedOff).toBe((await readBlobs(t.database.db, stored?.id ?? "")).toString("utf8"));
    await deleteDocument({ deps: t.deps, userId: user.id, documentId: stored?.id ?? "" });
    expect(await handOffs()).toEqual([]);
  });

  it("leaves nothing behind when the documents are not stored, and nothing without a hand-off folder", async () => {
    const { user } = await signUp(t);
    const broken: IngestionQueue = {
      ...t.deps.queues.ingestion,
      send: async () => {
        throw new Error("the queue is down");
      },
    };
    const items = [await spooled("First file."), await spooled("Second file.")];
    await expect(
      storeDocuments({
        db: t.database.db,
        queue: broken,
        userId: user.id,
        agentId: null,
        category: null,
        items,
        handoffDir: dir,
      }),
    ).rejects.toThrow(/queue is down/);
    expect(await handOffs()).toEqual([]);
    const [rows] = await t.database.db
      .select({ n: count() })
      .from(documents)
      .where(eq(documents.userId, user.id));
    expect(rows?.n).toBe(0);

    const stored = await storeDocuments({
      db: t.database.db,
      queue: t.deps.queues.ingestion,
      userId: user.id,
      agentId: null,
      category: null,
      items,
    });
    expect(stored.map((document) => document.duplicate)).toEqual([false, false]);
    expect(await handOffs()).toEqual([]);
  });
});
