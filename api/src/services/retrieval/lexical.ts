// The lexical leg: english lexemes plus CJK bigrams (our analyzer, equal to PostgreSQL's) scored with BM25 over in-memory postings, OR semantics.
import type { Db } from "../../db/create-database";
import { queryLexemes } from "../../text-search/lexical-analyzer";
import type { SearchableIndex } from "./chunk-index-cache";
import type { LexicalResult } from "./engine/chunk-postings";
import type { ChunkScope } from "./engine/user-chunk-index";
import { searchLexicalInDatabase } from "./lexical-database";

/**
 * The best `limit` chunks of the user for the query by BM25 (OR of the query's lexemes), within `scope` (an agent's
 * knowledge). The query's lexemes come from the same analyzer as the chunks' (text-search/lexical-analyzer.ts); scoring
 * runs on the user's in-memory postings (engine/user-chunk-index.ts; lexical-database.ts for a user too large for
 * memory), with IDF and average length from the searched scope. `searchable` is the user's index as the caller has
 * just brought it up to date (deps.chunkIndexes.get), shared with the dense leg: one freshness read per search.
 */
export async function searchLexical({
  db,
  searchable,
  userId,
  query,
  scope,
  limit,
}: {
  db: Db;
  searchable: SearchableIndex;
  userId: string;
  query: string;
  scope?: ChunkScope | undefined;
  limit: number;
}): Promise<LexicalResult> {
  const terms = queryLexemes(query);
  if (terms.length === 0) return { hits: [], idealScore: 0 };
  if (searchable.kind === "database") return searchLexicalInDatabase({ db, userId, terms, scope, limit });
  return searchable.index.search({ terms, ...(scope ? { scope } : {}), limit });
}
