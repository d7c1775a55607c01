// What the retrieval services need from Deps (a subset, so tests and benchmarks can build it without the whole app).
import type { Database } from "../../db/create-database";
import type { Logger } from "../../lib/logger";
import type { RequestActivity } from "../../lib/request-activity";
import type { Embedder } from "../../providers/embedder/embedder";
import type { VectorStore } from "../../providers/vector-store/vector-store";
import type { ChunkIndexCache } from "./chunk-index-cache";
import type { EmbedderMigrations } from "./embedder-migrations";

export type RetrievalDeps = {
  database: Pick<Database, "db" | "engine">;
  vectorStore: VectorStore;
  /** The configured embedder: new vectors are made with it, and the index is rebuilt towards it when it changed. */
  embedder: Embedder;
  logger?: Pick<Logger, "info" | "warn" | "error">;
  /** This process's users' search indexes (postings and dense codes), within CHUNK_INDEX_MB. */
  chunkIndexes: ChunkIndexCache;
  /** Re-embedding users' chunks after an embedder change, in the background; stopped by close(). */
  embedderMigrations: EmbedderMigrations;
  /** Requests in flight (the API's): on PGlite, index writes wait for a quiet moment first. */
  requestActivity?: RequestActivity;
};
