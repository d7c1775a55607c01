// Lexical analysis of chunk texts run alone, the stage every chunk pays at indexing: the API's analyzer module
// (api/src/text-search/lexical-analyzer.ts) where it exists, else PostgreSQL's to_tsvector on PGlite as
// indexing ran it before (index-document.ts). The ingestion benchmarks call nothing else, so this is the one place to
// change when the analysis moves again.
import { createRequire } from "node:module";
import { sql } from "drizzle-orm";

export type LexicalStage = {
  /** What the tables print for this stage. */
  name: string;
  /** Analyses every text as indexing does. */
  analyze: (texts: readonly string[]) => Promise<void>;
  close: () => Promise<void>;
};

/** Texts per statement on PGlite: index-document.ts wrote chunk rows in batches of about this size. */
const BATCH = 64;

/** The API's analyzer module, found through the package name; undefined in a checkout that has none. */
function analyzerModule(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve("@acp/api/src/text-search/lexical-analyzer.ts");
  } catch {
    return undefined;
  }
}

export async function openLexicalStage(): Promise<LexicalStage> {
  const analyzer = analyzerModule();
  if (analyzer) {
    // A module that may not exist in every checkout: imported by its resolved path, its one function typed here.
    const { analyzeText } = (await import(analyzer)) as { analyzeText: (text: string) => unknown };
    return {
      name: "lexical analysis (our analyzer, engine/lexical-analyzer.ts)",
      analyze: async (texts) => {
        for (const text of texts) analyzeText(text);
      },
      close: async () => undefined,
    };
  }
  const { createDatabase, IN_MEMORY_DATA_DIR } = await import("@acp/api/src/db/create-database");
  const database = await createDatabase({ databaseUrl: undefined, dataDir: IN_MEMORY_DATA_DIR });
  return {
    name: "lexical analysis (PostgreSQL to_tsvector on PGlite)",
    async analyze(texts) {
      for (let start = 0; start < texts.length; start += BATCH) {
        const batch = JSON.stringify(texts.slice(start, start + BATCH));
        await database.db.execute(sql`
          select sum(length(to_tsvector('english'::regconfig, t))) from jsonb_array_elements_text(${batch}::jsonb) t`);
      }
    },
    close: () => database.close(),
  };
}
