// Test support for retrieval: users, documents and indexed chunks on a throwaway database with real stores.
import type { Database } from "../db/create-database";
import { documents, users } from "../db/schema";
import type { Embedder } from "../providers/embedder/embedder";
import { createLocalEmbedder } from "../providers/embedder/local-embedder";
import { createPgvectorStore } from "../providers/vector-store/pgvector";
import type { VectorStore } from "../providers/vector-store/vector-store";
import { ChunkIndexCache } from "../services/retrieval/chunk-index-cache";
import { watchIndexLoads } from "../services/retrieval/embedder-migration";
import { EmbedderMigrations } from "../services/retrieval/embedder-migrations";
import { type IndexableChunk, indexDocumentChunks } from "../services/retrieval/index-document";
import type { RetrievalDeps } from "../services/retrieval/retrieval-deps";

/**
 * Retrieval's dependencies on `database`: the built-in embedder, pgvector, a cache of its own (512 MB) and migrations
 * of their own, started as createDeps starts them (when a user's index loads).
 */
export function retrievalDeps(
  database: Database,
  {
    embedder = createLocalEmbedder(),
    vectorStore,
    chunkIndexes,
  }: { embedder?: Embedder; vectorStore?: VectorStore; chunkIndexes?: ChunkIndexCache } = {},
): RetrievalDeps {
  const deps: RetrievalDeps = {
    database,
    embedder,
    vectorStore: vectorStore ?? createPgvectorStore({ database }),
    chunkIndexes: chunkIndexes ?? new ChunkIndexCache({ db: database.db, memoryMb: 512 }),
    embedderMigrations: new EmbedderMigrations(),
  };
  watchIndexLoads(deps);
  return deps;
}

export async function insertUser(database: Database): Promise<string> {
  const [user] = await database.db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@example.test` })
    .returning({ id: users.id });
  if (!user) throw new Error("no user inserted");
  return user.id;
}

export async function insertDocument(
  database: Database,
  userId: string,
  {
    name = "notes.txt",
    agentId = null,
    category = null,
    status = "completed",
  }: {
    name?: string;
    agentId?: string | null;
    category?: string | null;
    /** Only completed documents answer searches; "processing" stands for one being ingested. */
    status?: "processing" | "completed" | "failed";
  } = {},
): Promise<string> {
  const [document] = await database.db
    .insert(documents)
    .values({ userId, originalName: name, name, mimeType: "text/plain", size: 1, agentId, category, status })
    .returning({ id: documents.id });
  if (!document) throw new Error("no document inserted");
  return document.id;
}

/** Chunks of the given texts, located by line. */
export function textChunks(texts: readonly string[]): IndexableChunk[] {
  return texts.map((text, index) => ({
    index,
    text,
    tokenCount: text.split(/\s+/).length,
    location: { kind: "lines", lineStart: index + 1, lineEnd: index + 1 },
  }));
}

/** A document row and its indexed chunks; returns the document id. */
export async function indexTexts(
  deps: RetrievalDeps,
  userId: string,
  texts: readonly string[],
  options: { name?: string; agentId?: string | null; category?: string | null } = {},
): Promise<string> {
  const documentId = await insertDocument(deps.database as Database, userId, options);
  await indexDocumentChunks({
    deps,
    userId,
    documentId,
    agentId: options.agentId ?? null,
    category: options.category ?? null,
    chunks: textChunks(texts),
  });
  return documentId;
}
