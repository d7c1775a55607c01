// Only completed documents answer: chunks written during ingestion, and those a failed or dead attempt left, are never returned.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentChunks, documents } from "../../db/schema";
import { sweepStuckDocuments } from "../../jobs/sweeper";
import { insertDocument, textChunks } from "../../test/retrieval";
import { createTestApp, engines, signUp, type TestApp } from "../../test/test-app";
import { planIndex, readGeneration } from "./chunk-index-sync";
import { deleteDocumentIndex, openDocumentIndex } from "./index-document";
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
    const held = await t.deps.chunkIndexes.index(user.id);
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
      // Searchable in the held index before any search of the user asks for it.
      await expect.poll(() => held.chunkCount).toBe(2);
      expect((await t.deps.chunkIndexes.index(user.id)).chunkCount).toBe(2);
      // A user whose index this process does not hold is not loaded by a completion.
      expect(loads).not.toContain(other.id);
      expect(t.deps.chunkIndexes.holds(other.id)).toBe(false);
    } finally {
      stop();
    }
  });

  /** A user whose index is loaded, holding one completed document. */
  const loadedUser = async () => {
    const { user } = await signUp(t);
    const first = await writeDocument(user.id, ["Harbour cranes lift containers at night."], "cranes.txt");
    await setStatus(first, "completed");
    await search(user.id, "harbour cranes");
    return { userId: user.id, index: await t.deps.chunkIndexes.index(user.id) };
  };
  /** `count` chunks about tides: several insert statements' worth (32 rows each). */
  const tideTexts = (count: number) =>
    Array.from(
      { length: count },
      (_, i) => `Tide table ${i} for the harbour of Saint Malo, printed every January.`,
    );
  /** A document written as an ingestion attempt writes it, still processing, with its writer. */
  const writeWithWriter = async (userId: string, texts: string[], name: string) => {
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
    return { documentId, writer };
  };
  const signatureInDatabase = async (userId: string, documentId: string) => {
    const plan = await planIndex(t.database.db, userId, await readGeneration(t.database.db, userId));
    return plan.documents.find((row) => row.document_id === documentId)?.signature;
  };

  it("stages a document in its owner's loaded index as it is written, and its completion only reveals it", async () => {
    const { userId, index } = await loadedUser();
    const { documentId, writer } = await writeWithWriter(userId, tideTexts(100), "tides.txt");
    // Written, processing: held hidden, nothing of it answers or counts.
    expect(index.isStaged(documentId)).toBe(true);
    expect(await documentsFound(userId, "tide table saint malo")).not.toContain(documentId);
    expect((await t.deps.chunkIndexes.index(userId)).chunkCount).toBe(1);
    const bytes = index.approximateBytes;

    await setStatus(documentId, "completed");
    const loads: string[] = [];
    const stop = t.deps.chunkIndexes.onLoad((loaded) => loads.push(loaded));
    writer.finish();
    const results = await search(userId, "tide table 7 saint malo");
    stop();
    expect(results[0]?.documentId).toBe(documentId);
    // No sync ran: the completion's one generation step was taken without reading the documents.
    expect(loads).toEqual([]);
    const after = await t.deps.chunkIndexes.index(userId);
    // The same index, its chunks not read again (a reload would hold them twice until compaction, and trim pages).
    expect(after).toBe(index);
    expect(after.chunkCount).toBe(101);
    expect(after.approximateBytes).toBe(bytes);
    expect(after.generation).toBe(await readGeneration(t.database.db, userId));
    // The signature it staged is the database's: later syncs keep it as it is.
    expect(after.signatureOf(documentId)).toBe(await signatureInDatabase(userId, documentId));
  });

  it("removes a deleted document from the loaded index at once, its rows in batches, without reading the rest again", async () => {
    const { userId, index } = await loadedUser();
    const { documentId, writer } = await writeWithWriter(userId, tideTexts(40), "tides.txt");
    await setStatus(documentId, "completed");
    writer.finish();
    expect((await search(userId, "tide table saint malo"))[0]?.documentId).toBe(documentId);
    const bytes = index.approximateBytes;

    const loads: string[] = [];
    const stop = t.deps.chunkIndexes.onLoad((loaded) => loads.push(loaded));
    const generationBefore = await readGeneration(t.database.db, userId);
    // 40 rows in batches of 16: three statements, three generations, each handed to the index.
    await deleteDocumentIndex({ deps: t.deps, userId, documentId, batch: 16 });
    expect(BigInt(await readGeneration(t.database.db, userId))).toBe(BigInt(generationBefore) + 3n);
    await t.database.db.delete(documents).where(eq(documents.id, documentId));
    expect(await documentsFound(userId, "tide table saint malo")).not.toContain(documentId);
    stop();
    expect(loads).toEqual([]);
    const after = await t.deps.chunkIndexes.index(userId);
    expect(after).toBe(index);
    expect(after.chunkCount).toBe(1);
    expect(after.holdsSearchable(documentId)).toBe(false);
    expect(after.approximateBytes).toBe(bytes);
    expect(after.generation).toBe(await readGeneration(t.database.db, userId));
  });

  it("keeps a document being deleted out of the index while a sync runs between its batches", async () => {
    const { userId, index } = await loadedUser();
    const { documentId, writer } = await writeWithWriter(userId, tideTexts(40), "tides.txt");
    await setStatus(documentId, "completed");
    writer.finish();
    expect((await search(userId, "tide table saint malo"))[0]?.documentId).toBe(documentId);

    const leave = t.deps.chunkIndexes.leave(userId, documentId);
    await leave.ready;
    // Gone for searches from now on, though every row is still there.
    expect(await documentsFound(userId, "tide table saint malo")).not.toContain(documentId);
    // A batch deleted elsewhere (its generation unknown here): the search's sync reads the documents, and does not
    // load what is left of the one leaving.
    await t.database.db.execute(
      sql`delete from document_chunks where document_id = ${documentId} and chunk_index < 10`,
    );
    expect(await documentsFound(userId, "tide table saint malo")).not.toContain(documentId);
    expect((await t.deps.chunkIndexes.index(userId)).chunkCount).toBe(1);
    await deleteDocumentIndex({ deps: t.deps, userId, documentId, batch: 16 });
    leave.done();
    expect(await documentsFound(userId, "tide table saint malo")).not.toContain(documentId);
    expect(index.chunkCount).toBe(1);
    expect(index.generation).toBe(await readGeneration(t.database.db, userId));
  });

  it("reveals staged documents through a sync when other changes came between, and drops a failed attempt's", async () => {
    const { userId, index } = await loadedUser();
    const tides = await writeWithWriter(userId, tideTexts(70), "tides.txt");
    const ferries = await writeWithWriter(
      userId,
      ["Ferry timetables change with the tides.", "Ferries to Jersey leave at dawn."],
      "ferries.txt",
    );
    // Ferries complete as if another process ran their job (no completion hook here), then tides complete: two
    // generations passed, so the index syncs, and finds both documents staged with the rows they hold.
    await setStatus(ferries.documentId, "completed");
    await setStatus(tides.documentId, "completed");
    const bytes = index.approximateBytes;
    tides.writer.finish();
    expect(await documentsFound(userId, "ferries tide table")).toEqual(
      new Set([tides.documentId, ferries.documentId]),
    );
    const after = await t.deps.chunkIndexes.index(userId);
    expect(after).toBe(index);
    expect(after.chunkCount).toBe(73);
    // Nothing read again beyond what a sync trims (the last page of codes).
    expect(after.approximateBytes).toBeLessThanOrEqual(bytes);
    expect(after.signatureOf(ferries.documentId)).toBe(await signatureInDatabase(userId, ferries.documentId));

    // A failed attempt: its staged chunks leave the index with it.
    const failed = await writeWithWriter(userId, ["Lighthouse keepers log the fog."], "fog.txt");
    expect(index.isStaged(failed.documentId)).toBe(true);
    failed.writer.abandon();
    expect(index.isStaged(failed.documentId)).toBe(false);
    expect((await t.deps.chunkIndexes.index(userId)).chunkCount).toBe(73);
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
