// Checks what a key may be given beyond its name: the agents it may call (the owner's) and an expiry in the future.
import { BUILT_IN_AGENT_IDS } from "@acp/contracts/agents";
import { VALIDATION } from "@acp/contracts/messages";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { customAgents } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { cleanDisplayName } from "../../lib/display-name";

const BUILT_IN = new Set<string>(BUILT_IN_AGENT_IDS);

function invalid(field: string, message: string): AppError {
  return new AppError("VALIDATION_ERROR", message, { details: [{ path: [field], message, code: "custom" }] });
}

/** The name as stored: invisible and reordering characters removed; nothing visible left is the spec's message. */
export function cleanApiKeyName(name: string): string {
  const cleaned = cleanDisplayName(name);
  if (!cleaned) throw invalid("name", VALIDATION.apiKeyName);
  return cleaned;
}

/**
 * The ids as stored (duplicates dropped, order kept), or null for every agent. Each id must be a built-in agent type
 * or one of the user's own custom agents; the first that is neither answers 400 naming it (another user's agent is
 * "unknown" too: whether it exists is not ours to tell).
 */
export async function checkAllowedAgentIds({
  db,
  userId,
  ids,
}: {
  db: Db;
  userId: string;
  ids: readonly string[] | null;
}): Promise<string[] | null> {
  if (ids === null) return null;
  const unique = [...new Set(ids)];
  const customIds = unique.filter((id) => !BUILT_IN.has(id));
  const owned =
    customIds.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .select({ id: customAgents.id })
              .from(customAgents)
              .where(and(eq(customAgents.userId, userId), inArray(customAgents.id, customIds)))
          ).map((row) => row.id),
        );
  const unknown = customIds.find((id) => !owned.has(id));
  if (unknown !== undefined) {
    throw invalid(
      "allowedAgentIds",
      `allowedAgentIds: no agent "${unknown}" among yours. Use your custom agents' ids or the built-in agent types (${BUILT_IN_AGENT_IDS.join(", ")}).`,
    );
  }
  return unique;
}

/** The expiry as stored, or null for none; a moment already past is refused (deactivate the key instead). */
export function checkExpiresAt(expiresAt: string | null, now: Date): Date | null {
  if (expiresAt === null) return null;
  const at = new Date(expiresAt);
  if (at <= now) throw invalid("expiresAt", "expiresAt must be in the future");
  return at;
}
