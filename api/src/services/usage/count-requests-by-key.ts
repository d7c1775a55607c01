// Requests each of a user's keys made in the usage window, read from the request log.
import { and, count, eq, gte, inArray, isNotNull, lt } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { apiRequestLog } from "../../db/schema";
import { usageWindowEnd, usageWindowStart } from "./usage-window";

/** Key id -> requests in the usage window; keys without any are absent. `keyIds` narrows it (e.g. to one key). */
export async function countRequestsByKey({
  db,
  userId,
  now,
  keyIds,
}: {
  db: Db;
  userId: string;
  now: Date;
  keyIds?: readonly string[];
}): Promise<Map<string, number>> {
  if (keyIds?.length === 0) return new Map();
  const rows = await db
    .select({ apiKeyId: apiRequestLog.apiKeyId, requests: count() })
    .from(apiRequestLog)
    .where(
      and(
        eq(apiRequestLog.userId, userId),
        gte(apiRequestLog.createdAt, usageWindowStart(now)),
        lt(apiRequestLog.createdAt, usageWindowEnd(now)),
        keyIds ? inArray(apiRequestLog.apiKeyId, [...keyIds]) : isNotNull(apiRequestLog.apiKeyId),
      ),
    )
    .groupBy(apiRequestLog.apiKeyId);
  return new Map(rows.flatMap((row) => (row.apiKeyId ? [[row.apiKeyId, row.requests] as const] : [])));
}
