// Which of the user's chunks a search may use: an agent's scope (its documents, its type's categories, the shared library).
import { DATA_SOURCE_AGENTS } from "@acp/contracts/knowledge";
import { and, eq, inArray, isNull, notInArray, or } from "drizzle-orm";
import { customAgents, documents } from "../../db/schema";
import type { ChunkScope } from "./engine/user-chunk-index";
import type { RetrievalDeps } from "./retrieval-deps";

/** Every category that belongs to some agent: the rest of the unassigned documents form the shared library. */
const AGENT_CATEGORIES: readonly string[] = DATA_SOURCE_AGENTS.flatMap((agent) => agent.categories);

/**
 * Which of the user's chunks an agent may use: the documents given to it (agentId) and the documents whose
 * category belongs to its agent type. A custom agent's type comes from custom_agents; an unknown id has only its own.
 */
export async function agentScope(deps: RetrievalDeps, userId: string, agentId: string): Promise<ChunkScope> {
  let agentType: string = agentId;
  if (!DATA_SOURCE_AGENTS.some((agent) => agent.id === agentId)) {
    const [custom] = await deps.database.db
      .select({ agentType: customAgents.agentType })
      .from(customAgents)
      .where(and(eq(customAgents.id, agentId), eq(customAgents.userId, userId)));
    agentType = custom?.agentType ?? "";
  }
  const categories: readonly string[] =
    DATA_SOURCE_AGENTS.find((agent) => agent.id === agentType)?.categories ?? [];
  return { agentId, categories };
}

/** A search's scope: none (all the user's chunks), or the agent's, with the shared library when `includeShared`. */
export async function searchScope(
  deps: RetrievalDeps,
  { userId, agentId, includeShared }: { userId: string; agentId: string | undefined; includeShared: boolean },
): Promise<ChunkScope | undefined> {
  if (!agentId) return undefined;
  return {
    ...(await agentScope(deps, userId, agentId)),
    shared: includeShared ? { owned: AGENT_CATEGORIES } : undefined,
  };
}

/** Which documents a scope reads (undefined: all the user's): the one definition searches and training share. */
export function documentsInScope(scope: ChunkScope | undefined) {
  return scope
    ? or(
        eq(documents.agentId, scope.agentId),
        inArray(documents.category, [...scope.categories, ""]),
        scope.shared
          ? and(
              isNull(documents.agentId),
              or(isNull(documents.category), notInArray(documents.category, [...scope.shared.owned, ""])),
            )
          : undefined,
      )
    : undefined;
}

/** The user's completed documents within `scope` (or all of them), read from the database. */
export async function completedDocumentsIn(
  deps: RetrievalDeps,
  userId: string,
  scope: ChunkScope | undefined,
): Promise<string[]> {
  const inScope = documentsInScope(scope);
  const rows = await deps.database.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.status, "completed"), inScope));
  return rows.map((row) => row.id);
}
