// Whether a built-in training's model is applied, and the sentence saying so (issue 29): the agent ranks with the
// trained model only when it beats the untrained agent on validation top-1 accuracy, the figure the screens show.
import type { RankingMetrics, TrainingOutcome } from "@acp/contracts/training";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { agentTrainedModels, trainingJobs } from "../../db/schema";
import type { AgentRankerTraining } from "./trainer/agent-ranker";

/** The model an earlier job left the agent, which it keeps when a new one is not applied. */
export type KeptModel = { trainingJobId: string; name: string; top1: number };

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The re-ranker the agent uses now, from which job, with that job's validation top-1 accuracy; null: untrained. */
export async function modelInUse(
  db: Db,
  { userId, agentKey }: { userId: string; agentKey: string },
): Promise<KeptModel | null> {
  const [row] = await db
    .select({ trainingJobId: trainingJobs.id, name: trainingJobs.name, outcome: trainingJobs.outcome })
    .from(agentTrainedModels)
    .innerJoin(trainingJobs, eq(trainingJobs.id, agentTrainedModels.trainingJobId))
    .where(
      and(
        eq(agentTrainedModels.userId, userId),
        eq(agentTrainedModels.agentKey, agentKey),
        eq(agentTrainedModels.kind, "reranker"),
      ),
    );
  const top1 = row?.outcome?.best?.top1;
  return row && top1 !== undefined ? { trainingJobId: row.trainingJobId, name: row.name, top1 } : null;
}

/** The epoch with the highest top-1 accuracy (then nDCG@10, then the earliest); null without epochs. */
function highestTop1(
  epochs: AgentRankerTraining["epochs"],
): { epoch: number; figures: RankingMetrics } | null {
  let found: { epoch: number; figures: RankingMetrics } | null = null;
  for (const { epoch, validation } of epochs) {
    const better =
      !found ||
      validation.top1 > found.figures.top1 ||
      (validation.top1 === found.figures.top1 && validation.ndcg10 > found.figures.ndcg10);
    if (better) found = { epoch, figures: validation };
  }
  return found;
}

/**
 * The outcome of a built-in training. The trainer picks its model and its own gate (a real nDCG@10 gain); the model
 * is applied only when that gate passed and its top-1 accuracy beats the untrained agent's, whatever trainer ran
 * (deps.trainer can be replaced). Not applied, the sentence names the figure that decided and what the agent keeps.
 */
export function builtInOutcome({
  result,
  agentName,
  keptModel,
}: {
  result: Pick<AgentRankerTraining, "baseline" | "epochs" | "bestEpoch" | "best" | "beatsBaseline">;
  agentName: string;
  /** The model an earlier job left the agent (read before this one completes). */
  keptModel: KeptModel | null;
}): TrainingOutcome {
  const { baseline } = result;
  // The trained model compared with the untrained agent: the trainer's choice, or the best epoch on top-1 when the
  // trainer kept none (so the sentence can say how close training came).
  const compared =
    result.bestEpoch > 0 ? { epoch: result.bestEpoch, figures: result.best } : highestTop1(result.epochs);
  const applied =
    result.beatsBaseline &&
    result.bestEpoch > 0 &&
    compared !== null &&
    compared.figures.top1 > baseline.top1;
  const untrained = `the untrained agent's ${percent(baseline.top1)}`;
  let summary: string;
  if (applied && compared) {
    summary = `Applied: ${percent(compared.figures.top1)} top-1 accuracy beat ${untrained}; ${agentName} now ranks its passages with the model of epoch ${compared.epoch}.`;
  } else {
    const reason = !compared
      ? "no epoch was measured"
      : compared.figures.top1 <= baseline.top1
        ? `${percent(compared.figures.top1)} top-1 accuracy did not beat ${untrained}`
        : `${percent(compared.figures.top1)} top-1 accuracy beat ${untrained}, but the ranking as a whole did not improve by enough to trust (nDCG@10 ${percent(baseline.ndcg10)} untrained, ${percent(compared.figures.ndcg10)} trained, on ${baseline.pairs} held-out questions)`;
    const keeps = keptModel
      ? `keeps the model of "${keptModel.name}" (${percent(keptModel.top1)} top-1 accuracy)`
      : "keeps its untrained ranking";
    summary = `Not applied: ${reason}; ${agentName} ${keeps}.`;
  }
  return {
    bestEpoch: compared?.epoch ?? 0,
    best: compared?.figures ?? null,
    applied,
    summary,
    fineTunedModel: null,
    keptModel:
      !applied && keptModel ? { trainingJobId: keptModel.trainingJobId, top1: keptModel.top1 } : null,
  };
}
