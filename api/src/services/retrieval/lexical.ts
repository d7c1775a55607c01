// The lexical leg: PostgreSQL lexemes (english + CJK bigrams) scored with BM25 over in-memory postings, OR semantics.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { rowsOf } from "../../db/rows-of";
import type { ChunkIndexCache } from "./chunk-index-cache";
import type { ChunkScope, LexicalResult } from "./engine/user-chunk-index";
import { searchLexicalInDatabase } from "./lexical-database";

/**
 * The text search configuration for space-separated scripts. `english` (stemming, stop words) was measured in
 * DESIGN 5 (BM25 over it: nDCG@10 0.69); `simple` keeps stop words, which BM25 then has to discount by IDF alone.
 */
export const LEXICAL_CONFIG = "english";

/** Runs of scripts written without spaces between words; Hangul is spaced but agglutinative, bigrams help it too. */
const UNSPACED_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

/**
 * Splits a text for indexing: `spaced` is the text with its unspaced runs blanked out (for the `english` parser,
 * which would make one "word" of a whole Japanese sentence); `bigrams` holds every pair of neighbouring characters
 * of those runs (a single character alone), so a part of a sentence finds it.
 */
export function lexicalParts(text: string): { spaced: string; bigrams: string } {
  const clean = text.replaceAll("\u0000", " ");
  const grams: string[] = [];
  const spaced = clean.replace(UNSPACED_RUN, (run) => {
    const chars = Array.from(run);
    if (chars.length === 1) grams.push(run);
    for (let i = 0; i + 1 < chars.length; i += 1) grams.push(`${chars[i]}${chars[i + 1]}`);
    return " ";
  });
  return { spaced, bigrams: grams.join(" ") };
}

/** SQL for the tsvector of a text (see lexicalParts). */
export function lexemesOf(text: string): SQL {
  const { spaced, bigrams } = lexicalParts(text);
  return sql`(to_tsvector(${LEXICAL_CONFIG}::regconfig, ${spaced}) || to_tsvector('simple'::regconfig, ${bigrams}))`;
}

/** The query's distinct lexemes, as the index has them. */
export async function queryLexemes(db: Db, query: string): Promise<string[]> {
  const rows = await db.execute<{ lexeme: string }>(
    sql`select lexeme from unnest(${lexemesOf(query)}) order by lexeme`,
  );
  return rowsOf<{ lexeme: string }>(rows).map((row) => row.lexeme);
}

/**
 * The best `limit` chunks of the user for the query by BM25 (OR of the query's lexemes), within `scope` (an agent's
 * knowledge). The query's lexemes come from PostgreSQL (the same parser and dictionaries as the chunks'); scoring
 * runs on the user's in-memory postings (engine/user-chunk-index.ts; lexical-database.ts for a user too large for memory), with IDF and average length from the searched scope.
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
  const terms = await queryLexemes(db, query);
  if (terms.length === 0) return { hits: [], idealScore: 0 };
  const searchable = await chunkIndexes.get(userId);
  if (searchable.kind === "database") return searchLexicalInDatabase({ db, userId, terms, scope, limit });
  return searchable.index.search({ terms, ...(scope ? { scope } : {}), limit });
}
