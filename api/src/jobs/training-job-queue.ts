// The queue of training jobs (issue 22): pg-boss on the same instance as ingestion, created on first use.
import type { JobQueue } from "./queue";

export const TRAINING_QUEUE = "training-job";

export type TrainingJobData = {
  /** The training_jobs row this pg-boss job runs. */
  trainingJobId: string;
  /** ISO time until which the agent's documents still processing are waited for; the job fails saying so after it. */
  waitUntil: string;
  /** How many times this job has already found documents still processing (spaces the next check). */
  checks?: number;
};

/** How long a job waits for the agent's documents still processing before it fails saying so. */
export const DOCUMENT_WAIT_MS = 30 * 60 * 1000;

/** Seconds until the next look at documents still processing: 2, 4, 8, 16, then every 30. */
export function recheckDelaySeconds(checks: number): number {
  return Math.min(30, 2 ** Math.min(Math.max(checks, 1), 5));
}

/**
 * Attempts per pg-boss job: a second attempt runs when a worker died mid-job (heartbeat lost). It resumes an OpenAI
 * fine-tuning job it was following; a built-in training that died fails saying so (run-training-job.ts).
 */
export const TRAINING_ATTEMPTS = 2;
/** One attempt at most: gathering, candidates and 20 epochs of a large agent, or following OpenAI for hours. */
const TRAINING_EXPIRE_SECONDS = 12 * 60 * 60;

/** pg-boss states in which a job will still run, or is running. */
const LIVE_STATES = new Set(["created", "retry", "active"]);

/**
 * Starts pg-boss and creates the queue (idempotent: pg-boss inserts it with ON CONFLICT DO NOTHING). Called by the
 * workers at start and before every send, as the API process may run no workers (WORKERS=0 on PostgreSQL).
 */
export async function ensureTrainingQueue(queue: JobQueue): Promise<void> {
  await queue.start();
  await queue.boss.createQueue(TRAINING_QUEUE, {
    retryLimit: TRAINING_ATTEMPTS - 1,
    retryDelay: queue.settings.retryDelaySeconds,
    expireInSeconds: TRAINING_EXPIRE_SECONDS,
    heartbeatSeconds: queue.settings.heartbeatSeconds,
    deleteAfterSeconds: 7 * 24 * 60 * 60,
    notify: true,
  });
}

/** Enqueues one training job (to run `startAfterSeconds` from now, when given) and returns its pg-boss id. */
export async function sendTrainingJob(
  queue: JobQueue,
  data: TrainingJobData,
  { startAfterSeconds }: { startAfterSeconds?: number } = {},
): Promise<string> {
  await ensureTrainingQueue(queue);
  const id = await queue.boss.send(
    TRAINING_QUEUE,
    data,
    startAfterSeconds === undefined ? {} : { startAfter: startAfterSeconds },
  );
  if (!id) throw new Error(`pg-boss did not create a job for training job ${data.trainingJobId}`);
  return id;
}

/** Whether a pg-boss job for the training job is queued, waiting for a retry or running (the queue must exist). */
export async function hasLiveTrainingJob(queue: JobQueue, trainingJobId: string): Promise<boolean> {
  const jobs = await queue.boss.findJobs(TRAINING_QUEUE, { data: { trainingJobId } });
  return jobs.some((job) => LIVE_STATES.has(job.state));
}

/** Cancels the live pg-boss jobs of a training job (a running handler sees its signal abort). */
export async function cancelTrainingQueueJobs(queue: JobQueue, trainingJobId: string): Promise<void> {
  await ensureTrainingQueue(queue);
  const jobs = await queue.boss.findJobs(TRAINING_QUEUE, { data: { trainingJobId } });
  const live = jobs.filter((job) => LIVE_STATES.has(job.state)).map((job) => job.id);
  if (live.length > 0) await queue.boss.cancel(TRAINING_QUEUE, live).catch(() => undefined);
}
