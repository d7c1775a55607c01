// One attempt at a training job (issue 22): gather the target's finished knowledge, check the dataset, then train
// with the built-in trainer (a re-ranker, on a worker thread) or OpenAI fine-tuning, recording every epoch as it ends.
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { DatasetReport } from "@acp/contracts/training";
import { eq } from "drizzle-orm";
import { trainingJobs } from "../../db/schema";
import type { Deps } from "../../deps";
import { OpenAiRequestError } from "../../providers/openai/openai-errors";
import { RERANK_DEPTH } from "../retrieval/rerank/agent-ranker";
import { saveTrainedReranker } from "../retrieval/rerank/trained-models";
import { searchKnowledge } from "../retrieval/search-knowledge";
import { noKnowledgeMessage, reportOf } from "./dataset-check";
import { generatedTrainerDataset } from "./generated-dataset";
import { completeJob, jobEnded, recordEpoch, updateActiveJob } from "./job-state";
import { runFineTuneJob } from "./run-fine-tune-job";
import { failRun, type RunOutcome } from "./run-outcome";
import type { TrainerDataset } from "./trainer/agent-ranker";
import { gatherKnowledge, type TrainingTarget, targetOf } from "./training-target";
import { builtInOutcome, modelInUse } from "./training-verdict";

type JobRow = typeof trainingJobs.$inferSelect;

/** Progress of each phase: the dataset, the candidates of every pair (one search each), then the epochs. */
const PROGRESS_DATASET = 3;
/** With a chat model writing the questions, that takes longer: up to here. */
const PROGRESS_GENERATED = 12;
const PROGRESS_CANDIDATES = 25;
const PROGRESS_TRAINED = 99;

/** How often a running job writes its heartbeat and looks for a cancel (from any process). */
const WATCH_INTERVAL_MS = 2_000;

/** Ends the attempt without touching the job: it was cancelled or ended by someone else meanwhile. */
class JobEndedError extends Error {
  override name = "JobEndedError";
}

/** A built-in training whose worker died cannot pick up its thread's state: the job fails saying where it stopped. */
export function interruptedMessage(job: Pick<JobRow, "currentEpoch" | "epochs">): string {
  const where = job.currentEpoch > 0 ? ` after epoch ${job.currentEpoch} of ${job.epochs}` : "";
  return `Training stopped because the server running it restarted${where}: start the job again`;
}

export async function runTrainingJob({
  deps,
  trainingJobId,
  waitUntil,
  signal,
}: {
  deps: Deps;
  trainingJobId: string;
  waitUntil: Date;
  signal?: AbortSignal | undefined;
}): Promise<RunOutcome> {
  const { db } = deps.database;
  const [job] = await db.select().from(trainingJobs).where(eq(trainingJobs.id, trainingJobId));
  if (!job || (job.status !== "pending" && job.status !== "running") || job.cancelRequestedAt) {
    return { kind: "gone" };
  }
  const fail = (reason: string) => failRun(db, job.id, reason);

  // Started by an attempt whose process died: its epochs lived in that process's thread. (An OpenAI job resumes
  // following the fine-tuning job it created, which ran on regardless.)
  if (job.status === "running" && job.provider === "built-in") return fail(interruptedMessage(job));
  const target = await targetOf(deps, job);
  if (!target) return fail("The agent this job was training has been deleted");

  const knowledge = await gatherKnowledge(deps, job.userId, target);
  if (knowledge.processing > 0 && job.status === "pending") {
    if (deps.now() < waitUntil) return { kind: "waiting", processing: knowledge.processing };
    const n = knowledge.processing;
    return fail(
      `${n === 1 ? "1 document" : `${n} documents`} for ${target.agentName} ${n === 1 ? "was" : "were"} still processing when training gave up waiting: start again once ${n === 1 ? "it shows" : "they show"} Processed`,
    );
  }
  if (knowledge.documents === 0) return fail(noKnowledgeMessage(target));

  const watch = watchJob(deps, job.id, signal);
  try {
    if (job.provider === "openai") {
      return await runFineTuneJob({ deps, job, target, knowledge, signal: watch.signal });
    }
    if (!(await updateActiveJob(db, job.id, { status: "running", startedAt: new Date(), progress: 1 }))) {
      return { kind: "gone" };
    }
    return await trainBuiltIn({ deps, job, target, knowledge, signal: watch.signal });
  } catch (error) {
    if (watch.signal.aborted && !signal?.aborted) return { kind: "gone" };
    if (error instanceof JobEndedError) return { kind: "gone" };
    throw error;
  } finally {
    watch.stop();
  }
}

/**
 * Every WATCH_INTERVAL_MS: the heartbeat, and a look at the row. A cancel (or any end) seen there aborts the returned
 * signal, as does the pg-boss job's own signal.
 */
function watchJob(deps: Deps, jobId: string, outer: AbortSignal | undefined) {
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener("abort", onOuterAbort, { once: true });
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void jobEnded(deps.database.db, jobId)
      .then(async (ended) => {
        if (ended) controller.abort(new JobEndedError("the job was cancelled"));
        else await updateActiveJob(deps.database.db, jobId, {});
      })
      .catch((error: unknown) => deps.logger.warn({ err: error, jobId }, "training job watch failed"))
      .finally(() => {
        checking = false;
      });
  }, WATCH_INTERVAL_MS);
  timer.unref();
  return {
    signal: controller.signal,
    stop: () => {
      clearInterval(timer);
      outer?.removeEventListener("abort", onOuterAbort);
    },
  };
}

async function trainBuiltIn({
  deps,
  job,
  target,
  knowledge,
  signal,
}: {
  deps: Deps;
  job: JobRow;
  target: TrainingTarget;
  knowledge: Awaited<ReturnType<typeof gatherKnowledge>>;
  signal: AbortSignal;
}): Promise<RunOutcome> {
  const { db } = deps.database;
  const fail = (reason: string) => failRun(db, job.id, reason);

  // Questions: a chat model's when one is configured (closer to what users ask), else sentences of the text itself.
  const generated = deps.config.chat.provider === "openai";
  const datasetProgress = generated ? PROGRESS_GENERATED : PROGRESS_DATASET;
  let built: { dataset: TrainerDataset; report: DatasetReport };
  if (generated) {
    try {
      built = await generatedTrainerDataset({
        deps,
        knowledge,
        seed: job.seed,
        signal,
        onProgress: (done, total) => {
          const progress = 1 + Math.floor(((PROGRESS_GENERATED - 1) * done) / Math.max(1, total));
          void updateActiveJob(db, job.id, { progress }).catch(() => undefined);
        },
      });
    } catch (error) {
      if (error instanceof OpenAiRequestError) return fail(error.message);
      throw error;
    }
  } else {
    // Off the event loop: seconds of CPU for a few hundred passages would stall every other request.
    const dataset = await deps.trainer.dataset(knowledge.passages, { seed: job.seed, signal });
    built = { dataset, report: reportOf(dataset, knowledge) };
  }
  const { dataset, report } = built;
  if (!(await updateActiveJob(db, job.id, { dataset: report, progress: datasetProgress }))) {
    return { kind: "gone" };
  }
  // Refused before anything is spent on it (issue 22).
  if (report.problems.length > 0) return fail(report.problems.join(" "));

  const candidateIds = await pairCandidates({
    deps,
    job,
    target,
    dataset,
    passageIds: knowledge.passages,
    fromProgress: datasetProgress,
    signal,
  });
  signal.throwIfAborted();
  const result = await deps.trainer.train(
    {
      passages: knowledge.passages,
      dataset,
      candidateIds: [...candidateIds],
      epochs: job.epochs,
      seed: job.seed,
    },
    {
      signal,
      onEpoch: async (epoch) => {
        const progress = Math.round(
          PROGRESS_CANDIDATES + ((PROGRESS_TRAINED - PROGRESS_CANDIDATES) * epoch.epoch) / job.epochs,
        );
        const recorded = await recordEpoch(db, job.id, {
          epoch: epoch.epoch,
          progress,
          metrics: {
            epoch: epoch.epoch,
            trainLoss: epoch.trainLoss,
            validationLoss: null,
            validationAccuracy: epoch.validation.top1,
            validation: epoch.validation,
            milliseconds: epoch.milliseconds,
          },
        });
        if (!recorded) throw new JobEndedError("the job was cancelled");
      },
    },
  );
  const keptModel = await modelInUse(db, { userId: job.userId, agentKey: target.agentKey });
  const outcome = builtInOutcome({ result, agentName: target.agentName, keptModel });
  const { applied } = outcome;
  if (applied) {
    await saveTrainedReranker(db, {
      userId: job.userId,
      agentKey: target.agentKey,
      trainingJobId: job.id,
      artifact: result.artifact,
    });
  }
  deps.logger.info(
    {
      trainingJobId: job.id,
      baseline: { top1: result.baseline.top1, ndcg10: result.baseline.ndcg10 },
      trained: outcome.best && { top1: outcome.best.top1, ndcg10: outcome.best.ndcg10 },
      applied,
    },
    "training job finished",
  );
  return (await completeJob(db, job.id, { outcome, baseline: result.baseline }))
    ? { kind: "completed", applied }
    : { kind: "gone" };
}

/**
 * Each distinct pair query's fused candidates within the target's own knowledge (the product's search, its order),
 * as passage ids. One search per query; the event loop is yielded between them and progress written every 50.
 */
async function pairCandidates({
  deps,
  job,
  target,
  dataset,
  passageIds,
  fromProgress,
  signal,
}: {
  deps: Deps;
  job: JobRow;
  target: TrainingTarget;
  dataset: TrainerDataset;
  passageIds: readonly { id: string }[];
  /** Progress when the searches start (they take it to PROGRESS_CANDIDATES). */
  fromProgress: number;
  signal: AbortSignal;
}): Promise<Map<string, string[]>> {
  const known = new Set(passageIds.map((passage) => passage.id));
  const queries = [...new Set([...dataset.train, ...dataset.validation].map((pair) => pair.query))];
  const candidates = new Map<string, string[]>();
  for (const [index, query] of queries.entries()) {
    signal.throwIfAborted();
    const { results } = await searchKnowledge({
      deps,
      userId: job.userId,
      query,
      agentId: target.agentKey,
      topK: RERANK_DEPTH,
    });
    candidates.set(
      query,
      results.map((result) => result.chunkId).filter((id) => known.has(id)),
    );
    if ((index + 1) % 50 === 0) {
      const progress = Math.round(
        fromProgress + ((PROGRESS_CANDIDATES - fromProgress) * (index + 1)) / queries.length,
      );
      if (!(await updateActiveJob(deps.database.db, job.id, { progress }))) {
        throw new JobEndedError("the job was cancelled");
      }
    }
    await yieldToEventLoop();
  }
  return candidates;
}
