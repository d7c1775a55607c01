// One attempt at training a custom agent: its documents are ready, its search index is warm, and its own passages
// are found again by sentences taken from them (inverse cloze); the agent ends trained, or failed with a reason.
import { and, eq, sql } from "drizzle-orm";
import { rowsOf } from "../db/rows-of";
import { customAgents, documents } from "../db/schema";
import type { Deps } from "../deps";
import { probeSentence } from "../services/custom-agents/retrieval-probes";
import { settleTraining } from "../services/custom-agents/training-result";
import { searchKnowledge } from "../services/retrieval/search-knowledge";

/** Passages probed at most, and the candidates drawn to find them (some have no usable sentence). */
export const PROBE_COUNT = 8;
const PROBE_CANDIDATES = 32;
/** A probe is answered when its passage is among this many results. */
export const PROBE_TOP_K = 5;
/** Share of probes that must be answered for the agent to count as trained. */
export const PROBE_PASS_SHARE = 0.75;

export type TrainOutcome =
  | { kind: "trained"; probes: number; found: number }
  | { kind: "failed"; reason: string }
  /** Documents of the agent are still processing and the wait has time left: check again later. */
  | { kind: "waiting"; processing: number }
  /** The agent was deleted, or is no longer training (settled by someone else): nothing to do. */
  | { kind: "gone" };

/**
 * Runs one attempt for `agentId`. Without completed or processing documents it fails ("Upload documents for X
 * first"); with documents still processing it answers `waiting` until `waitUntil`, then fails saying so. Otherwise
 * the user's search index is loaded (so the agent's first answers do not wait for it) and up to PROBE_COUNT
 * sentences, each from a different passage of the agent's documents, are searched within the agent's scope: the
 * agent is trained when at least PROBE_PASS_SHARE of them bring back their passage in the top PROBE_TOP_K.
 */
export async function trainAgent({
  deps,
  agentId,
  waitUntil,
  signal,
  search = searchKnowledge,
}: {
  deps: Deps;
  agentId: string;
  waitUntil: Date;
  signal?: AbortSignal;
  /** The agent's search (tests hand in one that misses, to see the failure a broken index would cause). */
  search?: typeof searchKnowledge;
}): Promise<TrainOutcome> {
  const { db } = deps.database;
  const [agent] = await db
    .select({ id: customAgents.id, userId: customAgents.userId, name: customAgents.name })
    .from(customAgents)
    .where(and(eq(customAgents.id, agentId), eq(customAgents.trainingStatus, "training")));
  if (!agent) return { kind: "gone" };
  const fail = async (reason: string): Promise<TrainOutcome> =>
    (await settleTraining(db, agent.id, { status: "failed", reason }))
      ? { kind: "failed", reason }
      : { kind: "gone" };

  const counts = await db
    .select({ status: documents.status, count: sql<number>`count(*)::int` })
    .from(documents)
    .where(and(eq(documents.userId, agent.userId), eq(documents.agentId, agent.id)))
    .groupBy(documents.status);
  const countOf = (status: string) => counts.find((row) => row.status === status)?.count ?? 0;
  const processing = countOf("processing");
  if (processing > 0) {
    if (deps.now() < waitUntil) return { kind: "waiting", processing };
    return fail(
      `${processing === 1 ? "1 document" : `${processing} documents`} for ${agent.name} ${processing === 1 ? "was" : "were"} still processing when training gave up waiting: train again once ${processing === 1 ? "it shows" : "they show"} Processed`,
    );
  }
  if (countOf("completed") === 0) return fail(`Upload documents for ${agent.name} first`);

  await deps.chunkIndexes.get(agent.userId);
  signal?.throwIfAborted();

  // A spread of the agent's passages: md5 of the id orders them the same way every time without favouring a document.
  const candidates = rowsOf<{ id: string; text: string }>(
    await db.execute(sql`
      select c.id, c.text from document_chunks c join documents d on d.id = c.document_id
      where c.user_id = ${agent.userId} and d.agent_id = ${agent.id} and d.status = 'completed'
      order by md5(c.id) limit ${PROBE_CANDIDATES}`),
  );
  const probes = candidates
    .map((chunk) => ({ chunkId: chunk.id, sentence: probeSentence(chunk.text) }))
    .filter((probe): probe is { chunkId: string; sentence: string } => probe.sentence !== null)
    .slice(0, PROBE_COUNT);
  if (probes.length === 0) {
    return fail(
      `The documents for ${agent.name} hold too little running text to check its answers against: upload documents with sentences`,
    );
  }

  let found = 0;
  for (const probe of probes) {
    signal?.throwIfAborted();
    const { results } = await search({
      deps,
      userId: agent.userId,
      query: probe.sentence,
      agentId: agent.id,
      topK: PROBE_TOP_K,
    });
    // A passage holding the same sentence (a repeated paragraph, another copy) answers the probe as well.
    if (
      results.some(
        (result) => result.chunkId === probe.chunkId || collapse(result.text).includes(probe.sentence),
      )
    ) {
      found++;
    }
  }
  deps.logger.info({ agentId, probes: probes.length, found }, "agent training checked its retrieval");
  if (found < Math.ceil(probes.length * PROBE_PASS_SHARE)) {
    return fail(
      `${agent.name} could not find its own documents: only ${found} of ${probes.length} sentences taken from them brought back the passage they came from. Train again, or upload the documents again if this persists`,
    );
  }
  return (await settleTraining(db, agent.id, { status: "trained" }))
    ? { kind: "trained", probes: probes.length, found }
    : { kind: "gone" };
}

/** Whitespace runs as one space, as probes are made. */
function collapse(text: string): string {
  return text.replace(/\s+/g, " ");
}
