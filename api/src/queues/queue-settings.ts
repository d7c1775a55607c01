// How queued jobs are retried and bounded, shared by the ingestion and training queues.

/** How a job is retried and bounded (DESIGN 5: a dead or hung worker's job is retried, bounded, then failed). */
export type QueueSettings = {
  /** Attempts per document in total (pg-boss retryLimit is this minus one). */
  maxAttempts: number;
  /** A worker that sends no heartbeat for this long is taken for dead and its job retried (pg-boss minimum 10). */
  heartbeatSeconds: number;
  /** Upper bound of one attempt: the handler is aborted and the job retried after this. */
  expireInSeconds: number;
  /** Seconds between retries. */
  retryDelaySeconds: number;
  /** How often pg-boss's supervisor looks for expired or heartbeat-less jobs. */
  superviseIntervalSeconds: number;
};

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = {
  maxAttempts: 3,
  heartbeatSeconds: 20,
  expireInSeconds: 2 * 60 * 60,
  retryDelaySeconds: 2,
  superviseIntervalSeconds: 10,
};
