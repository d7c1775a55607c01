// What a training job trains (a built-in model type or a custom agent) and the knowledge it trains on.
import { BUILT_IN_AGENTS } from "@acp/contracts/agents";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { rowsOf } from "../../db/rows-of";
import { customAgents, documents, type trainingJobs } from "../../db/schema";
import type { Deps } from "../../deps";
import { agentScope } from "../retrieval/search-scope";
import type { TrainerPassage } from "./trainer/agent-ranker";

export type TrainingTarget = {
  /** The key retrieval and trained models use: the built-in agent's id (gtm, legal, vision) or the custom agent's id. */
  agentKey: string;
  /** How people know the agent ("GTM Strategy", a custom agent's name). */
  agentName: string;
  customAgentId: string | null;
};

/** The target of a job row; null when its custom agent is gone. */
export async function targetOf(
  deps: Deps,
  job: Pick<typeof trainingJobs.$inferSelect, "userId" | "modelType" | "customAgentId">,
): Promise<TrainingTarget | null> {
  if (job.customAgentId) {
    const [agent] = await deps.database.db
      .select({ id: customAgents.id, name: customAgents.name })
      .from(customAgents)
      .where(and(eq(customAgents.id, job.customAgentId), eq(customAgents.userId, job.userId)));
    return agent ? { agentKey: agent.id, agentName: agent.name, customAgentId: agent.id } : null;
  }
  return builtInTarget(job.modelType);
}

export function builtInTarget(modelType: string): TrainingTarget {
  const agent = BUILT_IN_AGENTS.find((candidate) => candidate.id === modelType);
  return { agentKey: modelType, agentName: agent?.name ?? modelType, customAgentId: null };
}

export type TrainingKnowledge = {
  /** Passages of the target's completed documents, in a stable order. */
  passages: TrainerPassage[];
  /** Completed documents holding them. */
  documents: number;
  /** Documents of the target still processing (waited for, never trained on half-read). */
  processing: number;
};

/**
 * The target's knowledge, as its retrieval sees it (agentScope): documents given to the agent and documents in its
 * type's categories. Only completed documents give passages (the knowledge answers only from finished documents).
 */
export async function gatherKnowledge(
  deps: Deps,
  userId: string,
  target: TrainingTarget,
): Promise<TrainingKnowledge> {
  const { db } = deps.database;
  const scope = await agentScope(deps, userId, target.agentKey);
  const inScope =
    scope.categories.length > 0
      ? or(eq(documents.agentId, scope.agentId), inArray(documents.category, [...scope.categories]))
      : eq(documents.agentId, scope.agentId);
  const counts = await db
    .select({ status: documents.status, count: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.userId, userId), inScope))
    .groupBy(documents.status);
  const countOf = (status: string) => counts.find((row) => row.status === status)?.count ?? 0;
  const categories = scope.categories.length > 0 ? sql`or d.category in ${[...scope.categories]}` : sql``;
  const passages = rowsOf<{ id: string; document_id: string; text: string }>(
    await db.execute(sql`
      select c.id, c.document_id, c.text from document_chunks c join documents d on d.id = c.document_id
      where c.user_id = ${userId} and d.user_id = ${userId} and d.status = 'completed'
        and (d.agent_id = ${scope.agentId} ${categories})
      order by c.document_id, c.id`),
  ).map((row) => ({ id: row.id, documentId: row.document_id, text: row.text }));
  return { passages, documents: countOf("completed"), processing: countOf("processing") };
}
