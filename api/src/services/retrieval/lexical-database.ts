// BM25 over the database for a user whose index is too large to hold in memory: the same scores as the in-memory postings, read from term_counts.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { rowsOf } from "../../db/rows-of";
import { BM25_B, BM25_K1, bm25Idf, MAX_QUERY_TERMS } from "./engine/bm25";
import type { LexicalResult } from "./engine/chunk-postings";
import type { ChunkScope } from "./engine/user-chunk-index";

/**
 * A query term found in more than this share of the scope's chunks is read by one pass over the scope instead of
 * through the GIN index on term_counts. Measured at 1,000,000 chunks on PostgreSQL: the index costs about 10 µs a
 * chunk holding the term (one heap page each, out of cache), a pass about 1.6 µs a chunk of the scope, so the index
 * wins below about a sixth.
 */
export const INDEXED_TERM_MAX_SHARE = 0.15;
/** The sample that estimates each term's share: chunks of this many of the user's documents, at most SAMPLE_CHUNKS. */
const SAMPLE_DOCUMENTS = 20;
const SAMPLE_CHUNKS = 2000;

/** A PostgreSQL float8[] literal. */
function floatArray(values: readonly number[]): string {
  return `{${values.join(",")}}`;
}

/** A PostgreSQL text[] literal (drizzle would spread a JS array into a parameter list). */
function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;
}

/** The chunks a search may use: the user's completed documents, within the scope when there is one. */
function scopedChunks(userId: string, scope: ChunkScope | undefined) {
  const inScope = scope
    ? sql`and (c.agent_id = ${scope.agentId} or c.category = any(${textArray(scope.categories)}::text[])
        ${
          scope.shared
            ? sql`or (c.agent_id is null and (c.category is null
                or not c.category = any(${textArray(scope.shared.owned)}::text[])))`
            : sql``
        })`
    : sql``;
  return sql`
    select c.id, c.lexical_length, c.term_counts from document_chunks c
    join documents d on d.id = c.document_id and d.user_id = ${userId} and d.status = 'completed'
    where c.user_id = ${userId} ${inScope}`;
}

/**
 * The scope's chunk count and total length. Without a scope, from lexical_scopes (kept by triggers on every insert and
 * delete) less the chunks of documents not completed: no pass over the user's chunks.
 */
async function scopeTotals(
  db: Db,
  userId: string,
  scope: ChunkScope | undefined,
): Promise<{ n: number; total: number }> {
  const statement = scope
    ? sql`select count(*)::float8 as n, coalesce(sum(s.lexical_length), 0)::float8 as total
        from (${scopedChunks(userId, scope)}) s`
    : sql`select (coalesce(max(s.chunk_count), 0) - coalesce(max(o.n), 0))::float8 as n,
          (coalesce(max(s.total_length), 0) - coalesce(max(o.total), 0))::float8 as total
        from (select 1) one
        left join lexical_scopes s on s.user_id = ${userId}
        left join (
          select count(*) as n, sum(c.lexical_length) as total from documents d
          join document_chunks c on c.document_id = d.id and c.user_id = ${userId}
          where d.user_id = ${userId} and d.status <> 'completed') o on true`;
  const [row] = rowsOf<{ n: number; total: number }>(await db.execute(statement));
  return { n: Number(row?.n ?? 0), total: Number(row?.total ?? 0) };
}

/**
 * Each term's share of a sample of the user's chunks (those of SAMPLE_DOCUMENTS completed documents, picked by a hash
 * of their id so the same search routes the same way): it only decides how a term is read, never its score.
 */
async function sampledShares(db: Db, userId: string, terms: readonly string[]): Promise<Map<string, number>> {
  const rows = rowsOf<{ term: string; share: number }>(
    await db.execute(sql`
      select q.term, (count(*) filter (where s.term_counts ? q.term))::float8 / count(*)::float8 as share
      from (
        select c.term_counts from document_chunks c
        where c.user_id = ${userId} and c.document_id = any(array(
          select d.id from documents d where d.user_id = ${userId} and d.status = 'completed'
          order by md5(d.id) limit ${SAMPLE_DOCUMENTS}))
        limit ${SAMPLE_CHUNKS}) s
      cross join unnest(${textArray(terms)}::text[]) as q(term)
      group by q.term`),
  );
  return new Map(rows.map((row) => [row.term, Number(row.share)]));
}

/**
 * The best `limit` chunks for the OR of `terms` by BM25, computed in the database: chunk count, average length and
 * document frequencies from the scope, the MAX_QUERY_TERMS rarest terms scored, ties by chunk id, exactly as
 * UserChunkIndex.search does in memory (IDF computed by PostgreSQL: equal to the last bit or two). A slower path
 * (DESIGN 10) for users larger than a process's share of memory, never a different answer.
 *
 * Only the chunks holding a query term are read: a rare term's through the GIN index on term_counts (one bitmap
 * scan per term), the terms a sample finds in more than INDEXED_TERM_MAX_SHARE of the chunks by one pass over the
 * scope (the index would read nearly every page, one at a time). `indexedTermMaxShare` is for tests.
 */
export async function searchLexicalInDatabase({
  db,
  userId,
  terms,
  scope,
  limit,
  indexedTermMaxShare = INDEXED_TERM_MAX_SHARE,
}: {
  db: Db;
  userId: string;
  terms: readonly string[];
  scope?: ChunkScope | undefined;
  limit: number;
  indexedTermMaxShare?: number;
}): Promise<LexicalResult> {
  const distinct = [...new Set(terms)];
  if (distinct.length === 0) return { hits: [], idealScore: 0 };
  const { n, total } = await scopeTotals(db, userId, scope);
  if (n <= 0) return { hits: [], idealScore: 0 };
  const shares =
    indexedTermMaxShare < 1 ? await sampledShares(db, userId, distinct) : new Map<string, number>();
  const common = distinct.filter((term) => (shares.get(term) ?? 0) > indexedTermMaxShare);
  const rare = distinct.filter((term) => !common.includes(term));

  const stats = sql`select ${n}::float8 as n, greatest(1, ${total}::float8 / ${n}::float8) as average_length`;
  if (common.length === 0) {
    // Document frequencies from the hits, the MAX_QUERY_TERMS rarest terms (ties by term) with their IDF, then BM25
    // per chunk. `?` is the GIN index's operator: one bitmap scan per term.
    const rows = rowsOf<ScoredRow>(
      await db.execute(sql`
        with stats as (${stats}),
        hits as materialized (
          select s.id, s.lexical_length, q.term, ${TF} as tf
          from unnest(${textArray(rare)}::text[]) as q(term)
          cross join lateral (${scopedChunks(userId, scope)} and c.term_counts ? q.term) s),
        frequencies as (select term, count(*)::float8 as df from hits group by term),
        ${scoring(limit)}`),
    );
    return lexicalResult(rows);
  }
  const commonFrequencies = await countByPass(db, userId, scope, common);
  if (rare.length > 0) {
    const bounded = await searchBounded({ db, userId, scope, limit, stats, rare, commonFrequencies });
    if (bounded) return bounded;
  }
  const frequencies = new Map([...commonFrequencies, ...(await countThroughIndex(db, userId, scope, rare))]);
  return searchByPass({ db, userId, scope, limit, n, total, frequencies });
}

type ScoredRow = { id: string; score: number; ideal: number; bound?: number };

/** A hit's term frequency as the in-memory postings keep it (at least 1, at most 65,535). */
const TF = sql.raw("least(65535, greatest(1, (s.term_counts ->> q.term)::float8))");

/**
 * The end of the search statement, after `stats`, `hits` (id, lexical_length, term, tf) and `frequencies` (term,
 * df): the MAX_QUERY_TERMS rarest terms (ties by term) with their IDF, the ideal score, then BM25 per chunk, ties by
 * chunk id. `bound` is what the chosen terms of `bounded` can add to a chunk at most.
 */
function scoring(limit: number, bounded: readonly string[] = []): SQL {
  return sql`
      chosen as (
        select f.term, ln(1 + (stats.n - f.df + 0.5) / (f.df + 0.5)) as idf
        from frequencies f cross join stats where f.df > 0
        order by f.df, f.term collate "C" limit ${MAX_QUERY_TERMS}),
      ideal as (select coalesce(sum(idf), 0)::float8 as ideal from chosen),
      bound as (
        select coalesce(sum(idf), 0)::float8 * ${BM25_K1 + 1}::float8 as bound
        from chosen where term = any(${textArray(bounded)}::text[]))
      select h.id, sum(
        (c.idf * h.tf * ${BM25_K1 + 1}::float8)
        / (h.tf + ${BM25_K1}::float8 * (${1 - BM25_B}::float8 + ${BM25_B}::float8 * h.lexical_length / stats.average_length))
      )::float8 as score, ideal.ideal, bound.bound
      from hits h join chosen c on c.term = h.term cross join stats cross join ideal cross join bound
      group by h.id, ideal.ideal, bound.bound order by score desc, h.id collate "C" limit ${limit}`;
}

function lexicalResult(rows: readonly ScoredRow[]): LexicalResult {
  const idealScore = Number(rows[0]?.ideal ?? 0);
  return {
    hits: rows.map((row, index) => ({ chunkId: row.id, score: Number(row.score), rank: index + 1 })),
    idealScore,
  };
}

/**
 * MaxScore over the common terms: the chunks holding a rare term are the candidates, scored in full (their common
 * terms' frequencies read from the same rows), with the common terms' document frequencies counted by one pass that
 * keeps no hits. A chunk holding only common terms scores less than their IDFs times (k1 + 1); when the `limit`-th
 * candidate scores more, no such chunk can enter and the answer is exact. Otherwise undefined: score every hit.
 */
async function searchBounded({
  db,
  userId,
  scope,
  limit,
  stats,
  rare,
  commonFrequencies,
}: {
  db: Db;
  userId: string;
  scope: ChunkScope | undefined;
  limit: number;
  stats: SQL;
  rare: readonly string[];
  commonFrequencies: ReadonlyMap<string, number>;
}): Promise<LexicalResult | undefined> {
  const common = [...commonFrequencies.keys()];
  const rows = rowsOf<ScoredRow>(
    await db.execute(sql`
      with stats as (${stats}),
      hits as materialized (
        select distinct s.id, s.lexical_length, q.term, ${TF} as tf
        from unnest(${textArray(rare)}::text[]) as r(term)
        cross join lateral (${scopedChunks(userId, scope)} and c.term_counts ? r.term) s
        cross join unnest(${textArray([...rare, ...common])}::text[]) as q(term)
        where s.term_counts ? q.term),
      frequencies as (
        select term, count(*)::float8 as df from hits where term = any(${textArray(rare)}::text[]) group by term
        union all
        select term, df from unnest(${textArray(common)}::text[], ${floatArray([...commonFrequencies.values()])}::float8[])
          as f(term, df)),
      ${scoring(limit, common)}`),
  );
  const last = rows[limit - 1];
  if (!last || !(Number(last.score) > Number(last.bound ?? 0))) return undefined;
  return lexicalResult(rows);
}

/** Each term's document frequency in the scope, by one pass over it that keeps no hits (jsonb_exists: no index). */
async function countByPass(
  db: Db,
  userId: string,
  scope: ChunkScope | undefined,
  terms: readonly string[],
): Promise<Map<string, number>> {
  const rows = rowsOf<{ term: string; df: number }>(
    await db.execute(sql`
      select q.term, count(*)::float8 as df from (${scopedChunks(userId, scope)}) s
      cross join unnest(${textArray(terms)}::text[]) as q(term)
      where jsonb_exists(s.term_counts, q.term) group by q.term`),
  );
  return new Map(terms.map((term) => [term, Number(rows.find((row) => row.term === term)?.df ?? 0)]));
}

/** Each term's document frequency in the scope, through the GIN index. */
async function countThroughIndex(
  db: Db,
  userId: string,
  scope: ChunkScope | undefined,
  terms: readonly string[],
): Promise<Map<string, number>> {
  if (terms.length === 0) return new Map();
  const rows = rowsOf<{ term: string; df: number }>(
    await db.execute(sql`
      select q.term, count(*)::float8 as df from unnest(${textArray(terms)}::text[]) as q(term)
      cross join lateral (${scopedChunks(userId, scope)} and c.term_counts ? q.term) s group by q.term`),
  );
  return new Map(terms.map((term) => [term, Number(rows.find((row) => row.term === term)?.df ?? 0)]));
}

/**
 * BM25 by one pass over the scope once every term's document frequency is known: each chunk holding a chosen term is
 * scored where it is read and only the best `limit` are kept (no hits materialized). The chosen terms and their IDF
 * are picked here as the in-memory index picks them (bm25Idf).
 */
async function searchByPass({
  db,
  userId,
  scope,
  limit,
  n,
  total,
  frequencies,
}: {
  db: Db;
  userId: string;
  scope: ChunkScope | undefined;
  limit: number;
  n: number;
  total: number;
  frequencies: ReadonlyMap<string, number>;
}): Promise<LexicalResult> {
  const chosen = [...frequencies]
    .filter(([, df]) => df > 0)
    .sort(([a, dfA], [b, dfB]) => dfA - dfB || (a < b ? -1 : 1))
    .slice(0, MAX_QUERY_TERMS)
    .map(([term, df]) => ({ term, idf: bm25Idf(n, df) }));
  if (chosen.length === 0) return { hits: [], idealScore: 0 };
  const idealScore = chosen.reduce((sum, { idf }) => sum + idf, 0);
  const averageLength = Math.max(1, total / n);
  const contributions = chosen.map(({ term, idf }) => {
    const tf = sql`least(65535, greatest(1, (s.term_counts ->> ${term}::text)::float8))`;
    return sql`case when jsonb_exists(s.term_counts, ${term}::text) then (${idf}::float8 * ${tf} * ${BM25_K1 + 1}::float8)
      / (${tf} + ${BM25_K1}::float8 * (${1 - BM25_B}::float8 + ${BM25_B}::float8 * s.lexical_length / ${averageLength}::float8))
      else 0 end`;
  });
  const rows = rowsOf<{ id: string; score: number }>(
    await db.execute(sql`
      select s.id, (${sql.join(contributions, sql` + `)})::float8 as score
      from (${scopedChunks(userId, scope)}) s
      where jsonb_exists_any(s.term_counts, ${textArray(chosen.map(({ term }) => term))}::text[])
      order by score desc, s.id collate "C" limit ${limit}`),
  );
  return {
    hits: rows.map((row, index) => ({ chunkId: row.id, score: Number(row.score), rank: index + 1 })),
    idealScore,
  };
}
