// Lexical analysis of chunk texts run alone, the stage every chunk pays at indexing: today PostgreSQL's to_tsvector on
// PGlite (index-document.ts). When the analyzer module (api/src/services/retrieval/engine/lexical-analyzer.ts) replaces
// it, swap the body of openLexicalStage for the analyzer and rename the stage; the benchmarks call nothing else.
import { sql } from "drizzle-orm";

export type LexicalStage = {
  /** What the tables print for this stage. */
  name: string;
  /** Analyses every text as indexing does, in its batches. */
  analyze: (texts: readonly string[]) => Promise<void>;
  close: () => Promise<void>;
};

/** Texts per statement: index-document.ts writes chunk rows in batches of this size or so. */
const BATCH = 64;

export async function openLexicalStage(): Promise<LexicalStage> {
  const { createDatabase, IN_MEMORY_DATA_DIR } = await import("../../api/src/db/create-database");
  const { LEXICAL_CONFIG } = await import("../../api/src/services/retrieval/lexical");
  const database = await createDatabase({ databaseUrl: undefined, dataDir: IN_MEMORY_DATA_DIR });
  return {
    name: "lexical analysis (PostgreSQL to_tsvector on PGlite)",
    async analyze(texts) {
      for (let start = 0; start < texts.length; start += BATCH) {
        const batch = JSON.stringify(texts.slice(start, start + BATCH));
        await database.db.execute(sql`
          select sum(length(to_tsvector(${LEXICAL_CONFIG}::regconfig, t))) from jsonb_array_elements_text(${batch}::jsonb) t`);
      }
    },
    close: () => database.close(),
  };
}
