// Picks the vector store VECTOR_STORE names (env.ts); pgvector is the only one so far (Pinecone comes later).
import type { Database } from "../../db/create-database";
import type { AppConfig } from "../../env";
import { createPgvectorStore } from "./pgvector";
import type { VectorStore } from "./vector-store";

export function createVectorStore({
  config,
  database,
}: {
  config: Pick<AppConfig, "vectorStore">;
  database: Pick<Database, "db" | "engine">;
}): VectorStore {
  switch (config.vectorStore) {
    case "pgvector":
      return createPgvectorStore({ database });
  }
}
