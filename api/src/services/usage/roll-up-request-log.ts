// Retention of the public API's request log: rows older than 30 days become per-hour totals in api_request_hourly.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { rowsOf } from "../../db/rows-of";
import { ERROR_STATUS_FROM } from "./get-api-usage";

/** Days the request log keeps each call; older calls survive only as hourly totals. */
const REQUEST_LOG_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows one statement moves: a short transaction that never holds many locks or much memory. */
const ROLL_UP_BATCH_ROWS = 5000;
/** Statements one pass runs at most; a backlog beyond it waits for the next pass. */
const ROLL_UP_MAX_BATCHES = 20;

/**
 * Moves up to `batchRows` of the oldest expired rows in one statement: deletes them and adds their counts to their
 * (user, key, agent, hour) totals (a deleted key's or a public call's key is ""). Deleting and adding in one
 * statement makes it idempotent: a crash rolls both back, and a row is never counted twice. Concurrent sweepers (two
 * instances) skip each other's locked rows instead of waiting or double-counting.
 */
async function rollUpBatch(db: Db, cutoff: Date, batchRows: number): Promise<number> {
  const result = await db.execute(sql`
    with moved as (
      delete from api_request_log
      where id in (
        select id from api_request_log
        where created_at < ${cutoff.toISOString()}::timestamptz
        order by created_at
        limit ${batchRows}
        for update skip locked
      )
      returning user_id, api_key_id, agent_endpoint, created_at, status, latency_ms, prompt_tokens, completion_tokens
    ),
    totals as (
      insert into api_request_hourly
        (user_id, api_key_id, agent_endpoint, hour, requests, errors, latency_ms_total, prompt_tokens, completion_tokens)
      select user_id, coalesce(api_key_id, ''), coalesce(agent_endpoint, ''),
        to_timestamp(floor(extract(epoch from created_at) / 3600) * 3600),
        count(*), count(*) filter (where status >= ${ERROR_STATUS_FROM}),
        coalesce(sum(latency_ms), 0), coalesce(sum(prompt_tokens), 0), coalesce(sum(completion_tokens), 0)
      from moved
      group by 1, 2, 3, 4
      on conflict (user_id, api_key_id, agent_endpoint, hour) do update set
        requests = api_request_hourly.requests + excluded.requests,
        errors = api_request_hourly.errors + excluded.errors,
        latency_ms_total = api_request_hourly.latency_ms_total + excluded.latency_ms_total,
        prompt_tokens = api_request_hourly.prompt_tokens + excluded.prompt_tokens,
        completion_tokens = api_request_hourly.completion_tokens + excluded.completion_tokens
      returning 1
    )
    select (select count(*) from moved)::int as moved`);
  return Number(rowsOf<{ moved: number }>(result)[0]?.moved ?? 0);
}

/** One retention pass (the sweeper runs it): how many rows it rolled up, and whether any expired rows are left. */
export async function rollUpRequestLog({
  db,
  now,
  batchRows = ROLL_UP_BATCH_ROWS,
  maxBatches = ROLL_UP_MAX_BATCHES,
}: {
  db: Db;
  now: Date;
  batchRows?: number;
  maxBatches?: number;
}): Promise<{ rolledUp: number; done: boolean }> {
  const cutoff = new Date(now.getTime() - REQUEST_LOG_RETENTION_DAYS * DAY_MS);
  let rolledUp = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const moved = await rollUpBatch(db, cutoff, batchRows);
    rolledUp += moved;
    if (moved < batchRows) return { rolledUp, done: true };
  }
  return { rolledUp, done: false };
}
