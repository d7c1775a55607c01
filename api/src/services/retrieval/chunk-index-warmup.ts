// Loads users' search indexes before they search: the recently active ones at start-up, and each user as they sign in.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { rowsOf } from "../../db/rows-of";
import type { ChunkIndexCache } from "./chunk-index-cache";

/** Share of the memory budget warm-up fills at most: searches after start-up keep room for the users they bring. */
const WARM_BUDGET_SHARE = 0.5;

/**
 * Users whose indexes start-up should load: those with chunks and a live session (latest expiry first, as sessions
 * are extended when used) or an API key in use (latest use first).
 */
export async function recentlyActiveUsers(db: Db, limit: number): Promise<string[]> {
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      select active.user_id from (
        select user_id, max(expires_at) as seen from sessions where expires_at > now() group by user_id
        union all
        select user_id, max(last_used) as seen from api_keys
        where is_active and last_used is not null group by user_id
      ) active
      where exists (select 1 from document_chunks c where c.user_id = active.user_id)
      group by active.user_id order by max(active.seen) desc limit ${limit}`),
  );
  return rows.map((row) => row.user_id);
}

/**
 * Loads the indexes of `userIds` (most active first) until they fill WARM_BUDGET_SHARE of the memory budget, so the
 * first search after a restart does not wait for its user's postings and codes (seconds at 100k chunks on PGlite).
 * Loads read pages of rows, so requests interleave with them. Returns how many users were loaded.
 */
export async function warmChunkIndexes(
  cache: ChunkIndexCache,
  userIds: readonly string[],
  signal?: AbortSignal,
): Promise<number> {
  let warmed = 0;
  for (const userId of userIds) {
    if (signal?.aborted) break;
    if (cache.heldBytes >= cache.budgetBytes * WARM_BUDGET_SHARE) break;
    await cache.get(userId);
    warmed++;
  }
  return warmed;
}

/**
 * Starts loading `userId`'s index when this process does not hold it and the user has chunks (a user signing in:
 * start-up warm-up only knew live sessions and keys). Resolves once it is loaded, with whether a load was needed;
 * callers do not wait for it.
 */
export async function prefetchChunkIndex(cache: ChunkIndexCache, db: Db, userId: string): Promise<boolean> {
  if (cache.holds(userId)) return false;
  const [row] = rowsOf<{ has_chunks: boolean }>(
    await db.execute(
      sql`select exists (select 1 from document_chunks where user_id = ${userId}) as has_chunks`,
    ),
  );
  if (!row?.has_chunks || cache.holds(userId)) return false;
  await cache.get(userId);
  return true;
}
