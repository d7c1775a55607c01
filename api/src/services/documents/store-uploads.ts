// Stores spooled uploads: document rows and their bytes in one transaction, one ingestion job each; duplicates recognised.

import { rm } from "node:fs/promises";
import type { KnowledgeDocument } from "@acp/contracts/knowledge";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { isUniqueViolation } from "../../db/errors";
import { type DocumentRow, type DocumentSource, documents } from "../../db/schema";
import { cleanDisplayName } from "../../lib/display-name";
import type { IngestionQueue } from "../../queues/ingestion-queue";
import { assertDocumentAgent } from "./document-agent";
import { writeBlobsFromBytes, writeBlobsFromFile } from "./document-blobs";
import { toKnowledgeDocument } from "./knowledge-document";
import { handOffSpooledFile } from "./spool-handoff";

export type StoredDocument = KnowledgeDocument & { duplicate: boolean };

/** What one new document is made of: its bytes come from a spool file or from memory (text sources). */
export type NewDocument = {
  originalName: string;
  mimeType: string;
  /**
   * The format the bytes are extracted as (an upload extension, or "html" for a fetched web page); null for text the
   * pipeline reads as it is (text sources).
   */
  fileType: string | null;
  size: number;
  sha256: string;
  source: DocumentSource;
  sourceUrl?: string | null;
  bytes: { filePath: string } | { data: Uint8Array };
};

async function findDuplicate(db: Db, userId: string, agentId: string | null, sha256: string) {
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.userId, userId),
        sql`coalesce(${documents.agentId}, '') = ${agentId ?? ""}`,
        eq(documents.sha256, sha256),
      ),
    );
  return row;
}

type StoreDocumentsParams = {
  db: Db;
  queue: IngestionQueue;
  userId: string;
  agentId: string | null;
  category: string | null;
  items: NewDocument[];
  /**
   * Where a new document's spool file is also left for its ingestion job (spool-handoff.ts), so a job on this machine
   * reads the bytes from there instead of back from the database. Without it the job always reads the database.
   */
  handoffDir?: string | undefined;
};

/**
 * Inserts every new document (status processing, stage queued) with its bytes and enqueues its job, all in one
 * transaction: either every file is stored and queued, or nothing is. The agent must be a built-in agent or one of
 * the user's custom agents (every way in, uploads and data sources, comes through here). The same bytes already stored for the same user
 * and agent are answered with the existing document and `duplicate: true`; a duplicate of a failed document is queued
 * again.
 */
export async function storeDocuments(params: StoreDocumentsParams): Promise<StoredDocument[]> {
  const { db, queue, userId, agentId } = params;
  await assertDocumentAgent({ db, userId, agentId });
  await queue.start();
  try {
    return await storeInTransaction(params);
  } catch (error) {
    // The same bytes stored by a concurrent upload in between: run again, and they are recognised as a duplicate.
    if (!isUniqueViolation(error)) throw error;
    return await storeInTransaction(params);
  }
}

async function storeInTransaction(params: StoreDocumentsParams): Promise<StoredDocument[]> {
  /** Hand-offs made for documents of this transaction: removed again if it does not commit. */
  const links: string[] = [];
  try {
    return await insertInTransaction(params, links);
  } catch (error) {
    await Promise.all(links.map((file) => rm(file, { force: true })));
    throw error;
  }
}

async function insertInTransaction(
  { db, queue, userId, agentId, category, items, handoffDir }: StoreDocumentsParams,
  links: string[],
): Promise<StoredDocument[]> {
  return await db.transaction(async (tx) => {
    const answers: StoredDocument[] = [];
    const seen = new Map<string, DocumentRow>();
    for (const item of items) {
      const earlier =
        seen.get(item.sha256) ?? (await findDuplicate(tx as unknown as Db, userId, agentId, item.sha256));
      if (earlier) {
        let row = earlier;
        if (row.status === "failed") {
          const jobId = await queue.send(row.id, { tx });
          const [requeued] = await tx
            .update(documents)
            .set({
              status: "processing",
              stage: "queued",
              progress: 0,
              error: null,
              attempts: 0,
              jobId,
              heartbeatAt: new Date(),
            })
            .where(eq(documents.id, row.id))
            .returning();
          row = requeued ?? row;
        }
        seen.set(item.sha256, row);
        answers.push({ ...toKnowledgeDocument(row), duplicate: true });
        continue;
      }
      // Every way in (uploads, data sources) cleans the name already; the row is where it must hold, so check here too.
      const name = cleanDisplayName(item.originalName) || "file";
      const [inserted] = await tx
        .insert(documents)
        .values({
          userId,
          agentId,
          category,
          originalName: name,
          name,
          mimeType: item.mimeType,
          fileType: item.fileType,
          size: item.size,
          sha256: item.sha256,
          source: item.source,
          sourceUrl: item.sourceUrl ?? null,
          status: "processing",
          stage: "queued",
          progress: 0,
          heartbeatAt: new Date(),
        })
        .returning();
      if (!inserted) throw new Error("inserting a document returned no row");
      if ("filePath" in item.bytes) {
        await writeBlobsFromFile(tx, inserted.id, item.bytes.filePath);
        // Before the commit that lets the job start, so the job always finds it.
        const handedOff = handoffDir
          ? await handOffSpooledFile({
              dir: handoffDir,
              documentId: inserted.id,
              filePath: item.bytes.filePath,
            })
          : undefined;
        if (handedOff) links.push(handedOff);
      } else {
        await writeBlobsFromBytes(tx, inserted.id, item.bytes.data);
      }
      const jobId = await queue.send(inserted.id, { tx });
      await tx.update(documents).set({ jobId }).where(eq(documents.id, inserted.id));
      const row = { ...inserted, jobId };
      seen.set(item.sha256, row);
      answers.push({ ...toKnowledgeDocument(row), duplicate: false });
    }
    return answers;
  });
}
