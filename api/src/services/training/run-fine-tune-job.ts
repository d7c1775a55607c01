// A training job with FINE_TUNE_PROVIDER=openai: questions generated from the target's passages, the dataset checked
// before anything is uploaded, then an OpenAI fine-tuning job followed epoch by epoch; its model answers the agent.
import type { DatasetReport, EpochMetrics } from "@acp/contracts/training";
import { and, eq } from "drizzle-orm";
import { customAgents, type trainingJobs } from "../../db/schema";
import type { Deps } from "../../deps";
import { checkFineTuneDataset } from "../../providers/fine-tuning/check-dataset";
import { FineTuneFailedError } from "../../providers/fine-tuning/run-fine-tune";
import { OpenAiRequestError } from "../../providers/openai/openai-errors";
import { builtInChatAgent } from "../chat/resolve-chat-agent";
import { saveFineTunedModel } from "../retrieval/rerank/trained-models";
import { completeJob, updateActiveJob } from "./job-state";
import { generateFineTuneExamples } from "./openai/generate-examples";
import { failRun, type RunOutcome } from "./run-outcome";
import type { TrainingKnowledge, TrainingTarget } from "./training-target";

type JobRow = typeof trainingJobs.$inferSelect;

/** Examples generated at most (OpenAI bills per token; a few hundred good examples teach a style and domain). */
const MAX_EXAMPLES = 600;
/** Progress of each phase: generating questions, then the fine-tuning job's own progress. */
const PROGRESS_GENERATED = 15;
const PROGRESS_TRAINED = 99;

async function systemPromptOf(deps: Deps, job: JobRow, target: TrainingTarget): Promise<string> {
  if (target.customAgentId) {
    const [agent] = await deps.database.db
      .select({ systemPrompt: customAgents.systemPrompt })
      .from(customAgents)
      .where(and(eq(customAgents.id, target.customAgentId), eq(customAgents.userId, job.userId)));
    if (agent) return agent.systemPrompt;
  }
  const agent = await builtInChatAgent({
    db: deps.database.db,
    userId: job.userId,
    agentType: target.agentKey,
  });
  return agent.settings.systemPrompt;
}

type FineTuneJobInput = {
  deps: Deps;
  job: JobRow;
  target: TrainingTarget;
  knowledge: TrainingKnowledge;
  signal: AbortSignal;
};

/**
 * Runs (or, for a job already following an OpenAI job after a restart, resumes) the fine-tuning. The provider's own
 * refusal or failure (a failed job, a rejected key, no quota) fails the job with its words; anything else is thrown
 * (the worker retries the attempt, which resumes following the OpenAI job once it exists).
 */
export async function runFineTuneJob(input: FineTuneJobInput): Promise<RunOutcome> {
  try {
    return await fineTune(input);
  } catch (error) {
    if (error instanceof FineTuneFailedError || error instanceof OpenAiRequestError) {
      return failRun(input.deps.database.db, input.job.id, error.message);
    }
    throw error;
  }
}

async function fineTune({ deps, job, target, knowledge, signal }: FineTuneJobInput): Promise<RunOutcome> {
  const { db } = deps.database;
  const fail = (reason: string) => failRun(db, job.id, reason);
  const fineTuning = deps.fineTuning;
  if (!fineTuning) {
    return fail(
      "This job was created for OpenAI fine-tuning, which this server is no longer set up for: start a new job",
    );
  }
  const resumeJobId = job.status === "running" ? job.externalJobId : null;
  let examples: Awaited<ReturnType<typeof generateFineTuneExamples>> = { train: [], validation: [] };

  if (!resumeJobId) {
    if (!(await updateActiveJob(db, job.id, { status: "running", startedAt: new Date(), progress: 1 }))) {
      return { kind: "gone" };
    }
    examples = await generateFineTuneExamples({
      client: fineTuning.client,
      model: fineTuning.questionModel,
      systemPrompt: await systemPromptOf(deps, job, target),
      passages: knowledge.passages,
      seed: job.seed,
      maxExamples: MAX_EXAMPLES,
      signal,
      onProgress: (done, total) => {
        const progress = 1 + Math.floor(((PROGRESS_GENERATED - 1) * done) / Math.max(1, total));
        void updateActiveJob(db, job.id, { progress }).catch(() => undefined);
      },
    });
    const check = checkFineTuneDataset({
      train: examples.train,
      validation: examples.validation,
      epochs: job.epochs,
      model: fineTuning.baseModel,
    });
    const report: DatasetReport = {
      source: "generated",
      documents: knowledge.documents,
      passages: knowledge.passages.length,
      processingDocuments: knowledge.processing,
      pairs: check.train + check.validation,
      train: check.train,
      validation: check.validation,
      duplicates: check.duplicates,
      tooShort: 0,
      tooLong: check.tooLong,
      queryTokens: check.queryTokens,
      passageTokens: check.passageTokens,
      billedTokens: check.billedTokens,
      estimatedCostUsd: check.estimatedCostUsd,
      problems: check.problems,
      warnings: check.warnings,
    };
    if (!(await updateActiveJob(db, job.id, { dataset: report, progress: PROGRESS_GENERATED }))) {
      return { kind: "gone" };
    }
    // Refused before anything is uploaded or billed (issue 22).
    if (report.problems.length > 0) return fail(report.problems.join(" "));
  }

  const result = await fineTuning.run({
    train: examples.train,
    validation: examples.validation,
    epochs: job.epochs,
    suffix: "acp",
    signal,
    ...(resumeJobId ? { resume: { jobId: resumeJobId } } : {}),
    onCreated: async ({ trainingFileId, jobId }) => {
      await updateActiveJob(db, job.id, { externalFileId: trainingFileId, externalJobId: jobId });
    },
    onProgress: async (progress) => {
      const epochMetrics: EpochMetrics[] = progress.epochMetrics.map((epoch) => ({
        ...epoch,
        validation: null,
        milliseconds: null,
      }));
      await updateActiveJob(db, job.id, {
        currentEpoch: Math.min(job.epochs, progress.epoch),
        progress: Math.round(
          PROGRESS_GENERATED + ((PROGRESS_TRAINED - PROGRESS_GENERATED) * progress.progress) / 100,
        ),
        epochMetrics,
      });
    },
  });
  await saveFineTunedModel(db, {
    userId: job.userId,
    agentKey: target.agentKey,
    trainingJobId: job.id,
    modelId: result.fineTunedModel,
  });
  await updateActiveJob(db, job.id, {
    epochMetrics: result.epochMetrics.map((epoch) => ({ ...epoch, validation: null, milliseconds: null })),
  });
  const last = result.epochMetrics.at(-1);
  const accuracy =
    last?.validationAccuracy != null
      ? `, validation token accuracy ${Math.round(last.validationAccuracy * 1000) / 10}%`
      : "";
  return (await completeJob(db, job.id, {
    baseline: null,
    outcome: {
      bestEpoch: job.epochs,
      best: null,
      applied: true,
      summary: `Applied: ${target.agentName} now answers with the fine-tuned model ${result.fineTunedModel}${accuracy}.`,
      fineTunedModel: result.fineTunedModel,
      keptModel: null,
    },
  }))
    ? { kind: "completed", applied: true }
    : { kind: "gone" };
}
