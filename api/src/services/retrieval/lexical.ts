// The lexical leg: PostgreSQL lexemes (english + CJK bigrams) scored with BM25 from per-user statistics, OR semantics.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { lexicalScopes, lexicalTerms } from "../../db/schema";

/** BM25 parameters (DESIGN 5: k1 0.9, b 0.4 measured best on the public benchmark). */
export const BM25_K1 = 0.9;
export const BM25_B = 0.4;

/** Query lexemes scored at most (the rarest ones). */
export const MAX_QUERY_TERMS = 64;

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

/** drizzle's execute answers `{ rows }` on both drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** Lucene's BM25 IDF: never negative, even for a term in every chunk. */
export function bm25Idf(chunkCount: number, df: number): number {
  return Math.log(1 + (chunkCount - df + 0.5) / (df + 0.5));
}

/** A tsquery matching any of the lexemes, built from quoted lexemes so nothing in them is parsed again. */
export function anyOfTsquery(lexemes: readonly string[]): string {
  return lexemes.map((lexeme) => `'${lexeme.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`).join(" | ");
}

export type LexicalHit = { chunkId: string; score: number; rank: number };

export type LexicalResult = {
  hits: LexicalHit[];
  /** Sum of the IDFs of the query's lexemes found in the scope: what a chunk with each of them once, at average length, scores. */
  idealScore: number;
};

/**
 * The best `limit` chunks of the user for the query by BM25 (OR of the query's lexemes), within `scope` (a
 * condition on document_chunks, e.g. an agent's documents). IDF and average length come from the user's whole
 * knowledge, kept by the triggers on document_chunks.
 */
export async function searchLexical({
  db,
  userId,
  query,
  scope,
  limit,
}: {
  db: Db;
  userId: string;
  query: string;
  scope?: SQL;
  limit: number;
}): Promise<LexicalResult> {
  const lexemes = await queryLexemes(db, query);
  if (lexemes.length === 0) return { hits: [], idealScore: 0 };
  const [stats] = await db
    .select({ chunkCount: lexicalScopes.chunkCount, totalLength: lexicalScopes.totalLength })
    .from(lexicalScopes)
    .where(sql`${lexicalScopes.userId} = ${userId}`);
  if (!stats || stats.chunkCount <= 0) return { hits: [], idealScore: 0 };
  const terms = await db
    .select({ term: lexicalTerms.term, df: lexicalTerms.df })
    .from(lexicalTerms)
    .where(sql`${lexicalTerms.userId} = ${userId} and ${lexicalTerms.term} in ${lexemes}`);
  // The rarest MAX_QUERY_TERMS lexemes carry a long question (a pasted paragraph) without a huge statement.
  const known = terms
    .filter((t) => t.df > 0)
    .sort((a, b) => a.df - b.df || (a.term < b.term ? -1 : 1))
    .slice(0, MAX_QUERY_TERMS);
  if (known.length === 0) return { hits: [], idealScore: 0 };
  const idfs = known.map((t) => bm25Idf(stats.chunkCount, t.df));
  const idealScore = idfs.reduce((sum, idf) => sum + idf, 0);
  const averageLength = Math.max(1, stats.totalLength / stats.chunkCount);
  const tsquery = anyOfTsquery(known.map((t) => t.term));
  // Per query term: idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * length / average)), tf read from term_counts.
  const norm = sql`${BM25_K1}::float8 * (1 - ${BM25_B}::float8 + ${BM25_B}::float8 * document_chunks.lexical_length / ${averageLength}::float8)`;
  const perTerm = known.map((t, i) => {
    const tf = sql`coalesce((document_chunks.term_counts ->> ${t.term})::float8, 0)`;
    return sql`(${idfs[i] ?? 0}::float8 * ${tf} * ${BM25_K1 + 1}::float8 / (${tf} + ${norm}))`;
  });
  const score = sql.join(perTerm, sql` + `);
  const result = await db.execute<{ id: string; score: number }>(sql`
    select document_chunks.id, (${score})::float8 as score
    from document_chunks
    where document_chunks.user_id = ${userId} and document_chunks.lexemes @@ ${tsquery}::tsquery
      ${scope ? sql`and (${scope})` : sql``}
    order by score desc, document_chunks.id
    limit ${limit}
  `);
  const hits = rowsOf<{ id: string; score: number | string }>(result).map((row, index) => ({
    chunkId: row.id,
    score: Number(row.score),
    rank: index + 1,
  }));
  return { hits, idealScore };
}
