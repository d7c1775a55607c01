// The training queue's handle (issue 22): pg-boss on the same instance as ingestion, its queue created on first use.
import type { PgBoss } from "pg-boss";
import type { QueueSettings } from "./queue-settings";

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
const TRAINING_ATTEMPTS = 2;
/** One attempt at most: gathering, candidates and 20 epochs of a large agent, or following OpenAI for hours. */
const TRAINING_EXPIRE_SECONDS = 12 * 60 * 60;

/** pg-boss states in which a job will still run, or is running. */
const LIVE_STATES = new Set(["created", "retry", "active"]);

export type TrainingQueue = {
  /**
   * Starts pg-boss and creates the queue (pg-boss inserts it with ON CONFLICT DO NOTHING). Every other method calls
   * it first, as the API process may run no workers (WORKERS=0 on PostgreSQL); once done it is not repeated.
   */
  start(): Promise<void>;
  /** Enqueues one training job (to run `startAfterSeconds` from now, when given) and returns its pg-boss id. */
  send(data: TrainingJobData, options?: { startAfterSeconds?: number }): Promise<string>;
  /** Cancels the live pg-boss jobs of a training job (a running handler sees its signal abort). */
  cancel(trainingJobId: string): Promise<void>;
  /** Whether a pg-boss job for the training job is queued, waiting for a retry or running. */
  isLive(trainingJobId: string): Promise<boolean>;
};

/** The handle on `boss`; `startBoss` is the queues' own start (job-queues.ts). */
export function createTrainingQueue({
  boss,
  settings,
  startBoss,
}: {
  boss: PgBoss;
  settings: QueueSettings;
  startBoss: () => Promise<void>;
}): TrainingQueue {
  let ready: Promise<void> | undefined;
  const start = () => {
    ready ??= (async () => {
      await startBoss();
      await boss.createQueue(TRAINING_QUEUE, {
        retryLimit: TRAINING_ATTEMPTS - 1,
        retryDelay: settings.retryDelaySeconds,
        expireInSeconds: TRAINING_EXPIRE_SECONDS,
        heartbeatSeconds: settings.heartbeatSeconds,
        deleteAfterSeconds: 7 * 24 * 60 * 60,
        notify: true,
      });
    })().catch((error: unknown) => {
      // Tried again by the next call (the database may have been unreachable for a moment).
      ready = undefined;
      throw error;
    });
    return ready;
  };
  const liveJobsOf = async (trainingJobId: string) => {
    const jobs = await boss.findJobs(TRAINING_QUEUE, { data: { trainingJobId } });
    return jobs.filter((job) => LIVE_STATES.has(job.state));
  };
  return {
    start,
    async send(data, { startAfterSeconds } = {}) {
      await start();
      const id = await boss.send(
        TRAINING_QUEUE,
        data,
        startAfterSeconds === undefined ? {} : { startAfter: startAfterSeconds },
      );
      if (!id) throw new Error(`pg-boss did not create a job for training job ${data.trainingJobId}`);
      return id;
    },
    async cancel(trainingJobId) {
      await start();
      const live = (await liveJobsOf(trainingJobId)).map((job) => job.id);
      if (live.length > 0) await boss.cancel(TRAINING_QUEUE, live).catch(() => undefined);
    },
    async isLive(trainingJobId) {
      await start();
      return (await liveJobsOf(trainingJobId)).length > 0;
    },
  };
}
