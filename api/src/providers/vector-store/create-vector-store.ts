// Picks the vector store VECTOR_STORE names (env.ts): pgvector in the app's database, or a Pinecone index.
import type { Database } from "../../db/create-database";
import type { AppConfig } from "../../env";
import { createPgvectorStore } from "./pgvector";
import { createPineconeStore } from "./pinecone";
import type { VectorStore } from "./vector-store";

export function createVectorStore({
  config,
  database,
}: {
  config: Pick<AppConfig, "vectorStore" | "pinecone">;
  database: Pick<Database, "db" | "engine"> & { raw?: Database["raw"] };
}): VectorStore {
  switch (config.vectorStore) {
    case "pgvector":
      return createPgvectorStore({ database });
    case "pinecone":
      if (!config.pinecone)
        throw new Error("VECTOR_STORE=pinecone needs PINECONE_API_KEY and PINECONE_INDEX");
      return createPineconeStore(config.pinecone);
  }
}
