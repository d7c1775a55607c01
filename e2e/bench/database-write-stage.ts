// Ingestion's database write run alone (the floor benchmark's last stage): a document's chunk rows and vectors written
// into a fresh PGlite folder by the API's own index writer, lexemes and vectors made beforehand so only the write counts.
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { createDatabase } from "@acp/api/src/db/create-database";
import { documents, users } from "@acp/api/src/db/schema";
import type { Chunk } from "@acp/api/src/ingestion/types";
import type { Embedder } from "@acp/api/src/providers/embedder/embedder";
import {
  embedLocally,
  LOCAL_EMBEDDER_DIMENSION,
  LOCAL_EMBEDDER_ID,
} from "@acp/api/src/providers/embedder/local-embedder";
import { createPgvectorStore } from "@acp/api/src/providers/vector-store/pgvector";
import { ChunkIndexCache } from "@acp/api/src/services/retrieval/chunk-index-cache";
import { EmbedderMigrations } from "@acp/api/src/services/retrieval/embedder-migrations";
import { openDocumentIndex } from "@acp/api/src/services/retrieval/index-document";
import type { RetrievalDeps } from "@acp/api/src/services/retrieval/retrieval-deps";
import { analyzeText } from "@acp/api/src/text-search/lexical-analyzer";
import { eq } from "drizzle-orm";

export const DATABASE_WRITE_STAGE = "database write (PGlite): chunk rows + vectors";

/**
 * Chunks prepared and written per step: the index writer's slice (index-document.ts). The lexemes and vectors of one
 * step are made just before it, not for the whole file first: a 200 MB file's ~70k vectors would hold ~900 MB.
 */
const STEP = 256;

/**
 * The built-in embedder's id and dimension, answering with vectors made before the clock runs (the writer encodes the
 * built-in embedder's vectors into the chunk rows' codes too, as it does in the API).
 */
function precomputedEmbedder() {
  let ready = new Map<string, number[]>();
  const embedder: Embedder = {
    id: LOCAL_EMBEDDER_ID,
    dimension: LOCAL_EMBEDDER_DIMENSION,
    async embed(texts) {
      return texts.map((text) => {
        const vector = ready.get(text);
        if (!vector) throw new Error("a chunk's vector was not made before the write");
        return vector;
      });
    },
  };
  return {
    embedder,
    /** The vectors of the next step's texts. */
    prepare(texts: readonly string[]) {
      ready = new Map(texts.map((text) => [text, embedLocally(text)]));
    },
  };
}

/**
 * Seconds one document's write takes: a fresh PGlite folder migrated like the API's (createDatabase, as the server
 * opens DATA_DIR) with the pgvector store ready (the API readies it once, before its first document), a user and a
 * processing document, then openDocumentIndex and its writer fed `chunks` step by step, each step's rows and vectors
 * flushed, and the document marked completed as the job does. Opening the database, the user, the document and each
 * step's lexemes and vectors are outside the clock.
 */
export async function timeDatabaseWrite(chunks: readonly Chunk[], workDir: string): Promise<number> {
  const dataDir = await mkdtemp(path.join(workDir, "pglite-write-"));
  const database = await createDatabase({ databaseUrl: undefined, dataDir });
  try {
    const vectorStore = createPgvectorStore({ database });
    const status = await vectorStore.ensureReady();
    if (!status.ready) throw new Error(`pgvector is not ready: ${status.reason}`);
    const vectors = precomputedEmbedder();
    const deps: RetrievalDeps = {
      database,
      vectorStore,
      embedder: vectors.embedder,
      chunkIndexes: new ChunkIndexCache({ db: database.db, memoryMb: 1024 }),
      embedderMigrations: new EmbedderMigrations(),
    };
    const [user] = await database.db
      .insert(users)
      .values({ email: "bench-write@example.test" })
      .returning({ id: users.id });
    const userId = user?.id ?? "";
    const [document] = await database.db
      .insert(documents)
      .values({ userId, originalName: "floor", name: "floor", mimeType: "text/plain", size: 1 })
      .returning({ id: documents.id });
    const documentId = document?.id ?? "";

    let seconds = 0;
    const clock = async <T>(work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await work();
      } finally {
        seconds += (performance.now() - started) / 1000;
      }
    };
    const writer = await clock(() =>
      openDocumentIndex({ deps, userId, documentId, agentId: null, category: null }),
    );
    for (let at = 0; at < chunks.length; at += STEP) {
      // As the extraction child hands them over: with their lexemes.
      const step = chunks
        .slice(at, at + STEP)
        .map((chunk) => ({ ...chunk, lexical: analyzeText(chunk.text) }));
      vectors.prepare(step.map((chunk) => chunk.text));
      await clock(async () => {
        await writer.append(step);
        await writer.flush();
      });
    }
    await clock(async () => {
      await database.db
        .update(documents)
        .set({
          status: "completed",
          stage: "completed",
          progress: 100,
          completedAt: new Date(),
          chunkCount: writer.indexed,
          embedder: vectors.embedder.id,
        })
        .where(eq(documents.id, documentId));
      writer.finish();
    });
    if (writer.indexed !== chunks.length)
      throw new Error(`wrote ${writer.indexed} of ${chunks.length} chunks`);
    return seconds;
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
