// What a training job trains (a built-in model type or a custom agent) and the knowledge it trains on.
import { BUILT_IN_AGENTS } from "@acp/contracts/agents";
import { and, eq, sql } from "drizzle-orm";
import { customAgents, documentChunks, documents, type trainingJobs } from "../../db/schema";
import type { Deps } from "../../deps";
import { documentsInScope, searchScope } from "../retrieval/search-scope";
import type { TrainerPassage } from "./trainer/agent-ranker";

export type TrainingTarget = {
  /**
   * The key retrieval and trained models use: the built-in agent's id (gtm, legal, vision, technical, fundraising)
   * or the custom agent's id.
   */
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
 * The target's knowledge, as its owner's chat answers from it (searchScope with the shared library): documents given
 * to the agent, documents in its type's categories, and the owner's documents given to no agent ("All agents"). Only
 * completed documents give passages (the knowledge answers only from finished documents).
 */
export async function gatherKnowledge(
  deps: Deps,
  userId: string,
  target: TrainingTarget,
): Promise<TrainingKnowledge> {
  const { db } = deps.database;
  const scope = await searchScope(deps, { userId, agentId: target.agentKey, includeShared: true });
  const inScope = documentsInScope(scope);
  const counts = await db
    .select({ status: documents.status, count: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.userId, userId), inScope))
    .groupBy(documents.status);
  const countOf = (status: string) => counts.find((row) => row.status === status)?.count ?? 0;
  const passages = await db
    .select({ id: documentChunks.id, documentId: documentChunks.documentId, text: documentChunks.text })
    .from(documentChunks)
    .innerJoin(documents, eq(documents.id, documentChunks.documentId))
    .where(
      and(
        eq(documentChunks.userId, userId),
        eq(documents.userId, userId),
        eq(documents.status, "completed"),
        inScope,
      ),
    )
    .orderBy(documentChunks.documentId, documentChunks.id);
  return { passages, documents: countOf("completed"), processing: countOf("processing") };
}
