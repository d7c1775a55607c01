// The signed-in user's API keys, newest first: previews, settings and requests in the usage window, never the key or its hash.
import type { ApiKey } from "@acp/contracts/entities";
import { desc, eq } from "drizzle-orm";
import { apiKeys } from "../../db/schema";
import type { Deps } from "../../deps";
import { countRequestsByKey } from "../usage/count-requests-by-key";
import { API_KEY_LISTED_COLUMNS, toApiKeyResponse } from "./api-key-response";

/**
 * This process's buffered request-log entries are written first, so requestsToday counts every call it served;
 * other instances' buffers are at most a second behind (deps.apiUsage).
 */
export async function listApiKeys({
  deps,
  userId,
}: {
  deps: Pick<Deps, "database" | "now" | "apiUsage" | "apiKeyLastUsed">;
  userId: string;
}): Promise<Omit<ApiKey, "key">[]> {
  const { db } = deps.database;
  await deps.apiUsage.flush();
  // Select the listed columns only, so the hash never leaves the database for this call.
  const [rows, requests] = await Promise.all([
    db
      .select(API_KEY_LISTED_COLUMNS)
      .from(apiKeys)
      .where(eq(apiKeys.userId, userId))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),
    countRequestsByKey({ db, userId, now: deps.now() }),
  ]);
  return rows.map((row) =>
    toApiKeyResponse(row, {
      requestsToday: requests.get(row.id) ?? 0,
      pendingLastUsed: deps.apiKeyLastUsed.pending(row.id),
    }),
  );
}
