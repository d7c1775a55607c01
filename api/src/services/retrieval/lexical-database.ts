// BM25 over the database for a user whose index is too large to hold in memory: the same scores as the in-memory postings, read from term_counts.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { rowsOf } from "../../db/rows-of";
import { BM25_B, BM25_K1, MAX_QUERY_TERMS } from "./engine/bm25";
import type { ChunkScope, LexicalResult } from "./engine/user-chunk-index";

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
 * The best `limit` chunks for the OR of `terms` by BM25, computed in the database: chunk count, average length and
 * document frequencies from the scope, the MAX_QUERY_TERMS rarest terms scored, ties by chunk id, exactly as
 * UserChunkIndex.search does in memory. Two passes over the user's chunk rows: a slower path (DESIGN 10) for users
 * larger than a process's share of memory, never a different answer.
 */
export async function searchLexicalInDatabase({
  db,
  userId,
  terms,
  scope,
  limit,
}: {
  db: Db;
  userId: string;
  terms: readonly string[];
  scope?: ChunkScope | undefined;
  limit: number;
}): Promise<LexicalResult> {
  const distinct = [...new Set(terms)];
  if (distinct.length === 0) return { hits: [], idealScore: 0 };
  const termArray = textArray(distinct);
  const weights = rowsOf<{ term: string; df: number; n: number; total: number }>(
    await db.execute(sql`
      with scoped as materialized (${scopedChunks(userId, scope)}),
      stats as (select count(*)::float8 as n, coalesce(sum(lexical_length), 0)::float8 as total from scoped)
      select q.term, count(*)::float8 as df, stats.n, stats.total
      from scoped s cross join unnest(${termArray}::text[]) as q(term) cross join stats
      where s.term_counts ? q.term
      group by q.term, stats.n, stats.total`),
  );
  if (weights.length === 0) return { hits: [], idealScore: 0 };
  const chunkCount = Number(weights[0]?.n ?? 0);
  const averageLength = Math.max(1, Number(weights[0]?.total ?? 0) / chunkCount);
  const scored = weights
    .map((row) => ({ term: row.term, df: Number(row.df) }))
    .sort((a, b) => a.df - b.df || (a.term < b.term ? -1 : 1))
    .slice(0, MAX_QUERY_TERMS)
    .map(({ term, df }) => ({ term, idf: Math.log(1 + (chunkCount - df + 0.5) / (df + 0.5)) }));
  const idealScore = scored.reduce((sum, { idf }) => sum + idf, 0);
  const rows = rowsOf<{ id: string; score: number }>(
    await db.execute(sql`
      with scoped as materialized (${scopedChunks(userId, scope)}),
      weights as (select * from jsonb_to_recordset(${JSON.stringify(scored)}::jsonb) as w(term text, idf float8))
      select s.id, sum(
        (w.idf * least(65535, greatest(1, (s.term_counts ->> w.term)::float8)) * ${BM25_K1 + 1}::float8)
        / (least(65535, greatest(1, (s.term_counts ->> w.term)::float8))
          + ${BM25_K1}::float8 * (${1 - BM25_B}::float8 + ${BM25_B}::float8 * s.lexical_length / ${averageLength}::float8))
      )::float8 as score
      from scoped s join weights w on s.term_counts ? w.term
      group by s.id order by score desc, s.id collate "C" limit ${limit}`),
  );
  return {
    hits: rows.map((row, index) => ({ chunkId: row.id, score: Number(row.score), rank: index + 1 })),
    idealScore,
  };
}
