// The public API's usage figures for GET /api/usage: requests, active keys, success rate and 24 hourly buckets.
import type { ApiUsage } from "@acp/contracts/api-access";
import { USAGE_WINDOW_HOURS } from "@acp/contracts/api-access";
import { and, count, eq, gt, isNull, or, sql } from "drizzle-orm";
import { rowsOf } from "../../db/rows-of";
import { apiKeys } from "../../db/schema";
import type { Deps } from "../../deps";
import { HOUR_MS } from "../../lib/hourly-limit";
import { usageWindowEnd, usageWindowStart } from "./usage-window";

/** A call failed when it answered 400 or above (refusals and rate limits included); the rest succeeded. */
export const ERROR_STATUS_FROM = 400;

/** Percentage with one decimal; 100 when there were no calls (nothing failed). */
export function successRate(requests: number, errors: number): number {
  if (requests === 0) return 100;
  return Math.round((1000 * (requests - errors)) / requests) / 10;
}

/**
 * Over the usage window (the current UTC hour and the 23 before it): every call to the user's agents and with the
 * user's keys, public calls included, or with `keyId` that key's calls only (the caller checks the key is the user's).
 * This process's buffered log entries are written first; other instances' are at most a second behind. The window
 * never reaches the hourly roll-up (rows older than 30 days), so the request log alone answers it.
 */
export async function getApiUsage({
  deps,
  userId,
  keyId,
}: {
  deps: Pick<Deps, "database" | "now" | "apiUsage">;
  userId: string;
  keyId?: string | undefined;
}): Promise<ApiUsage> {
  const { db } = deps.database;
  const now = deps.now();
  await deps.apiUsage.flush();
  const since = usageWindowStart(now);
  const until = usageWindowEnd(now);
  const [perHour, active] = await Promise.all([
    db.execute(sql`
      select floor(extract(epoch from created_at) / 3600)::int as hour,
        count(*)::int as requests,
        (count(*) filter (where status >= ${ERROR_STATUS_FROM}))::int as errors
      from api_request_log
      where user_id = ${userId}
        and created_at >= ${since.toISOString()}::timestamptz
        and created_at < ${until.toISOString()}::timestamptz
        ${keyId === undefined ? sql`` : sql`and api_key_id = ${keyId}`}
      group by 1`),
    db
      .select({ value: count() })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.userId, userId),
          eq(apiKeys.isActive, true),
          or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
          keyId === undefined ? undefined : eq(apiKeys.id, keyId),
        ),
      ),
  ]);
  const counted = new Map(
    rowsOf<{ hour: number; requests: number; errors: number }>(perHour).map((row) => [Number(row.hour), row]),
  );
  const firstHour = since.getTime() / HOUR_MS;
  const hourly = Array.from({ length: USAGE_WINDOW_HOURS }, (_, index) => {
    const row = counted.get(firstHour + index);
    return {
      hour: new Date((firstHour + index) * HOUR_MS).toISOString(),
      requests: Number(row?.requests ?? 0),
      errors: Number(row?.errors ?? 0),
    };
  });
  const requests = hourly.reduce((sum, bucket) => sum + bucket.requests, 0);
  const errors = hourly.reduce((sum, bucket) => sum + bucket.errors, 0);
  return {
    requestsToday: requests,
    activeKeys: active[0]?.value ?? 0,
    successRate: successRate(requests, errors),
    hourly,
  };
}
