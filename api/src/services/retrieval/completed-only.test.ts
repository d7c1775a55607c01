// Only completed documents answer: chunks written during ingestion, and those a failed or dead attempt left, are never returned.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentChunks, documents } from "../../db/schema";
import { sweepStuckDocuments } from "../../jobs/sweeper";
import { insertDocument, textChunks } from "../../test/retrieval";
import { createTestApp, engines, signUp, type TestApp } from "../../test/test-app";
import { openDocumentIndex } from "./index-document";
import { searchKnowledge } from "./search-knowledge";

describe.each(engines)("only completed documents answer on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // No workers: the test drives each document's state itself.
    t = await createTestApp(engine, { config: { workers: 0 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every candidate of both legs, below the threshold too (the retrieval lab's view). */
  const search = async (userId: string, query: string) =>
    (await searchKnowledge({ deps: t.deps, userId, query, topK: 5, includeBelowThreshold: true })).results;
  const documentsFound = async (userId: string, query: string) =>
    new Set((await search(userId, query)).map((result) => result.documentId));

  /** A document with its chunks written as an ingestion attempt writes them, left in `status`. */
  const writeDocument = async (userId: string, texts: string[], name: string) => {
    const documentId = await insertDocument(t.database, userId, { name, status: "processing" });
    const writer = await openDocumentIndex({
      deps: t.deps,
      userId,
      documentId,
      agentId: null,
      category: null,
    });
    await writer.append(textChunks(texts));
    await writer.flush();
    return documentId;
  };
  const setStatus = (documentId: string, status: "completed" | "failed") =>
    t.database.db.update(documents).set({ status }).where(eq(documents.id, documentId));

  it("counts a document's chunks (postings, statistics, dense codes) only from the moment it is completed", async () => {
    const { user } = await signUp(t);
    const settled = await writeDocument(user.id, ["Harbour cranes lift containers at night."], "cranes.txt");
    await setStatus(settled, "completed");
    expect(await documentsFound(user.id, "harbour cranes")).toEqual(new Set([settled]));
    const before = await t.deps.chunkIndexes.index(user.id);
    const chunksBefore = before.chunkCount;

    // Written but still processing: nothing of it answers, and it does not move IDF or the average length.
    const pending = await writeDocument(
      user.id,
      ["Zeppelin mooring masts need quarterly inspection.", "Zeppelin hangars are heated in winter."],
      "zeppelins.txt",
    );
    expect(await documentsFound(user.id, "zeppelin mooring")).not.toContain(pending);
    // A typo'd query takes the dense leg: it finds nothing of the pending document either.
    expect(await documentsFound(user.id, "zepelin moring")).not.toContain(pending);
    const during = await t.deps.chunkIndexes.index(user.id);
    expect(during.chunkCount).toBe(chunksBefore);

    // Completed: found at once, with the statistics of both documents.
    await setStatus(pending, "completed");
    expect((await search(user.id, "zeppelin mooring"))[0]?.documentId).toBe(pending);
    expect((await t.deps.chunkIndexes.index(user.id)).chunkCount).toBe(chunksBefore + 2);

    // Deleted: gone from every leg at once.
    await t.database.db.delete(documents).where(eq(documents.id, pending));
    expect(await documentsFound(user.id, "zeppelin mooring")).not.toContain(pending);
    expect((await t.deps.chunkIndexes.index(user.id)).chunkCount).toBe(chunksBefore);
  });

  it("joins a completed document to a loaded index at once, without waiting for the user's next search", async () => {
    const { user } = await signUp(t);
    const { user: other } = await signUp(t);
    const first = await writeDocument(user.id, ["Harbour cranes lift containers at night."], "cranes.txt");
    await setStatus(first, "completed");
    await search(user.id, "harbour cranes");
    const loads: string[] = [];
    const stop = t.deps.chunkIndexes.onLoad((userId) => loads.push(userId));
    try {
      for (const owner of [user.id, other.id]) {
        const documentId = await insertDocument(t.database, owner, {
          name: "tides.txt",
          status: "processing",
        });
        const writer = await openDocumentIndex({
          deps: t.deps,
          userId: owner,
          documentId,
          agentId: null,
          category: null,
        });
        await writer.append(textChunks(["Tide tables are printed every January."]));
        await writer.flush();
        await setStatus(documentId, "completed");
        writer.finish();
      }
      await expect.poll(() => loads).toContain(user.id);
      expect((await t.deps.chunkIndexes.index(user.id)).chunkCount).toBe(2);
      // A user whose index this process does not hold is not loaded by a completion.
      expect(loads).not.toContain(other.id);
      expect(t.deps.chunkIndexes.holds(other.id)).toBe(false);
    } finally {
      stop();
    }
  });

  it("never returns a failed document's chunks, even when its attempt could not remove them", async () => {
    const { user } = await signUp(t);
    const failed = await writeDocument(
      user.id,
      ["Lighthouse lenses are polished every spring."],
      "lenses.txt",
    );
    // The attempt failed and its clean-up failed too (say the database connection dropped): the rows stay.
    await setStatus(failed, "failed");
    expect(await search(user.id, "lighthouse lenses")).toEqual([]);
    expect((await sweepStuckDocuments(t.deps, { staleSeconds: 60 })).cleared).toEqual([failed]);
    const left = await t.database.db
      .select({ id: documentChunks.id })
      .from(documentChunks)
      .where(eq(documentChunks.documentId, failed));
    expect(left).toEqual([]);
  });

  it("a document whose last attempt died is failed by the sweeper and leaves nothing searchable", async () => {
    const { user } = await signUp(t);
    const dead = await writeDocument(user.id, ["Glacier survey drones fly at dawn."], "glacier.txt");
    // The worker died (kill -9) on the last attempt: stale heartbeat, no live job, attempts spent.
    await t.database.db
      .update(documents)
      .set({ attempts: t.deps.queues.settings.maxAttempts, heartbeatAt: new Date(Date.now() - 3_600_000) })
      .where(eq(documents.id, dead));
    expect(await search(user.id, "glacier survey drones")).toEqual([]);
    const swept = await sweepStuckDocuments(t.deps, { staleSeconds: 60 });
    expect(swept.failed).toEqual([dead]);
    expect(swept.cleared).toEqual([dead]);
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, dead));
    expect(row?.status).toBe("failed");
    expect(await search(user.id, "glacier survey drones")).toEqual([]);
  });
});
