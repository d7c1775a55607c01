// The lexical leg: english lexemes plus CJK bigrams (our analyzer, equal to PostgreSQL's) scored with BM25 over in-memory postings, OR semantics.
import type { Db } from "../../db/create-database";
import { queryLexemes } from "../../text-search/lexical-analyzer";
import type { ChunkIndexCache } from "./chunk-index-cache";
import type { LexicalResult } from "./engine/chunk-postings";
import type { ChunkScope } from "./engine/user-chunk-index";
import { searchLexicalInDatabase } from "./lexical-database";

/**
 * The best `limit` chunks of the user for the query by BM25 (OR of the query's lexemes), within `scope` (an agent's
 * knowledge). The query's lexemes come from the same analyzer as the chunks' (text-search/lexical-analyzer.ts); scoring
 * runs on the user's in-memory postings (engine/user-chunk-index.ts; lexical-database.ts for a user too large for
 * memory), with IDF and average length from the searched scope.
 */
export async function searchLexical({
  db,
  chunkIndexes,
  userId,
  query,
  scope,
  limit,
}: {
  db: Db;
  chunkIndexes: ChunkIndexCache;
  userId: string;
  query: string;
  scope?: ChunkScope | undefined;
  limit: number;
}): Promise<LexicalResult> {
  const terms = queryLexemes(query);
  if (terms.length === 0) return { hits: [], idealScore: 0 };
  const searchable = await chunkIndexes.get(userId);
  if (searchable.kind === "database") return searchLexicalInDatabase({ db, userId, terms, scope, limit });
  return searchable.index.search({ terms, ...(scope ? { scope } : {}), limit });
}
