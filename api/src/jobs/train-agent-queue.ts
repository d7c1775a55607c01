// The queue of custom-agent training jobs: pg-boss on the same instance as ingestion, created on first use.
import type { JobQueue } from "./queue";

export const TRAIN_AGENT_QUEUE = "train-agent";

export type TrainAgentJobData = {
  agentId: string;
  /** ISO time until which the agent's documents still processing are waited for; training fails saying so after it. */
  waitUntil: string;
  /** How many times this training has already found documents still processing (spaces the next check). */
  checks?: number;
};

/** How long training waits for the agent's documents still processing before it fails saying so. */
export const DOCUMENT_WAIT_MS = 30 * 60 * 1000;

/** Seconds until the next look at documents still processing: 2, 4, 8, 16, then every 30. */
export function recheckDelaySeconds(checks: number): number {
  return Math.min(30, 2 ** Math.min(Math.max(checks, 1), 5));
}

/** Attempts per job: a crashed or hung worker's job runs again on another worker, at most this many times in all. */
export const TRAIN_AGENT_ATTEMPTS = 3;
/** One attempt at most (a few searches per probe; waiting for documents is a new job, not a longer attempt). */
const TRAIN_AGENT_EXPIRE_SECONDS = 15 * 60;

/** pg-boss states in which a job will still run, or is running. */
const LIVE_STATES = new Set(["created", "retry", "active"]);

/**
 * Starts pg-boss and creates the queue (idempotent: pg-boss inserts it with ON CONFLICT DO NOTHING). Called by the
 * workers at start and before every send, as the API process may run no workers (WORKERS=0 on PostgreSQL).
 */
export async function ensureTrainAgentQueue(queue: JobQueue): Promise<void> {
  await queue.start();
  await queue.boss.createQueue(TRAIN_AGENT_QUEUE, {
    retryLimit: TRAIN_AGENT_ATTEMPTS - 1,
    retryDelay: queue.settings.retryDelaySeconds,
    expireInSeconds: TRAIN_AGENT_EXPIRE_SECONDS,
    heartbeatSeconds: queue.settings.heartbeatSeconds,
    deleteAfterSeconds: 7 * 24 * 60 * 60,
    notify: true,
  });
}

/** Enqueues one training job (to run `startAfterSeconds` from now, when given) and returns its id. */
export async function sendTrainAgentJob(
  queue: JobQueue,
  data: TrainAgentJobData,
  { startAfterSeconds }: { startAfterSeconds?: number } = {},
): Promise<string> {
  await ensureTrainAgentQueue(queue);
  const id = await queue.boss.send(
    TRAIN_AGENT_QUEUE,
    data,
    startAfterSeconds === undefined ? {} : { startAfter: startAfterSeconds },
  );
  if (!id) throw new Error(`pg-boss did not create a training job for agent ${data.agentId}`);
  return id;
}

/** Whether a job for the agent is queued, waiting for a retry or running (the queue must exist). */
export async function hasLiveTrainAgentJob(queue: JobQueue, agentId: string): Promise<boolean> {
  const jobs = await queue.boss.findJobs(TRAIN_AGENT_QUEUE, { data: { agentId } });
  return jobs.some((job) => LIVE_STATES.has(job.state));
}
