// What training left each agent: the built-in re-ranker (stored artifact) or an OpenAI fine-tuned model id.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/create-database";
import { preparedStatement } from "../../../db/prepared";
import { agentTrainedModels } from "../../../db/schema";
import { type AgentRanker, decodeAgentRanker } from "./agent-ranker";

type TrainedModelKey = { userId: string; agentKey: string };

/** Stores (or replaces) the agent's re-ranker: its retrieval uses it from the next search on. */
export async function saveTrainedReranker(
  db: Db,
  {
    userId,
    agentKey,
    trainingJobId,
    artifact,
  }: TrainedModelKey & { trainingJobId: string; artifact: Uint8Array },
): Promise<void> {
  await db
    .insert(agentTrainedModels)
    .values({ userId, agentKey, kind: "reranker", artifact, trainingJobId })
    .onConflictDoUpdate({
      target: [agentTrainedModels.userId, agentTrainedModels.agentKey, agentTrainedModels.kind],
      // A new id, so every process's cache sees the replacement on its next lookup.
      set: { id: sql`gen_random_uuid()::text`, artifact, trainingJobId, createdAt: new Date() },
    });
}

/** Stores (or replaces) the fine-tuned model the agent's chat uses. */
export async function saveFineTunedModel(
  db: Db,
  { userId, agentKey, trainingJobId, modelId }: TrainedModelKey & { trainingJobId: string; modelId: string },
): Promise<void> {
  await db
    .insert(agentTrainedModels)
    .values({ userId, agentKey, kind: "fine-tuned-chat", modelId, trainingJobId })
    .onConflictDoUpdate({
      target: [agentTrainedModels.userId, agentTrainedModels.agentKey, agentTrainedModels.kind],
      set: { id: sql`gen_random_uuid()::text`, modelId, trainingJobId, createdAt: new Date() },
    });
}

/** Read on every chat turn: prepared once per database handle. */
const fineTunedModel = (db: Db) =>
  preparedStatement(db, "fine_tuned_model_of_agent", () =>
    db
      .select({ modelId: agentTrainedModels.modelId })
      .from(agentTrainedModels)
      .where(
        and(
          eq(agentTrainedModels.userId, sql.placeholder("userId")),
          eq(agentTrainedModels.agentKey, sql.placeholder("agentKey")),
          eq(agentTrainedModels.kind, "fine-tuned-chat"),
        ),
      )
      .prepare("fine_tuned_model_of_agent"),
  );

/** The fine-tuned model an agent's chat should use, or null. */
export async function fineTunedModelOf(
  db: Db,
  { userId, agentKey }: TrainedModelKey,
): Promise<string | null> {
  const [row] = await fineTunedModel(db).execute({ userId, agentKey });
  return row?.modelId ?? null;
}

/** Decoded re-rankers kept at most (least recently used dropped; each is a few MB at most). */
const CACHED_RANKERS = 32;

/**
 * Agents' re-rankers, decoded once per stored version. Each lookup reads only the row's id (one indexed query), so
 * a replacement written by another process is picked up on the next search.
 */
export class AgentRankerCache {
  private readonly entries = new Map<string, { rowId: string; ranker: AgentRanker }>();

  constructor(private readonly db: Db) {}

  async get({ userId, agentKey }: TrainedModelKey): Promise<AgentRanker | null> {
    const [row] = await this.db
      .select({ id: agentTrainedModels.id })
      .from(agentTrainedModels)
      .where(
        and(
          eq(agentTrainedModels.userId, userId),
          eq(agentTrainedModels.agentKey, agentKey),
          eq(agentTrainedModels.kind, "reranker"),
        ),
      );
    return this.fromRow({ userId, agentKey }, row?.id ?? null);
  }

  /**
   * As get, with the re-ranker row's id already read (null: the agent has none), e.g. among a chat turn's reads:
   * the artifact is read only when this process has not decoded that version yet.
   */
  async fromRow({ userId, agentKey }: TrainedModelKey, rowId: string | null): Promise<AgentRanker | null> {
    const key = `${userId}\u0000${agentKey}`;
    if (rowId === null) {
      this.entries.delete(key);
      return null;
    }
    const cached = this.entries.get(key);
    if (cached?.rowId === rowId) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached.ranker;
    }
    const [stored] = await this.db
      .select({ id: agentTrainedModels.id, artifact: agentTrainedModels.artifact })
      .from(agentTrainedModels)
      .where(eq(agentTrainedModels.id, rowId));
    if (!stored?.artifact) return null;
    const ranker = decodeAgentRanker(stored.artifact);
    this.entries.delete(key);
    this.entries.set(key, { rowId: stored.id, ranker });
    while (this.entries.size > CACHED_RANKERS) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return ranker;
  }
}
