// Buffers public-API request-log entries in memory and writes them in batches: no request waits on a database write.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import type { Logger } from "../../lib/logger";

/** One /api/v1 call as the request log keeps it (api_request_log). */
export type ApiUsageEntry = {
  userId: string;
  apiKeyId: string | null;
  agentEndpoint: string | null;
  operation: string;
  status: number;
  latencyMs: number;
  promptTokens: number | null;
  completionTokens: number | null;
  at: Date;
};

export type ApiUsageRecorder = {
  /** Buffers the entry; never touches the database (a timer or flush() writes it). */
  record(entry: ApiUsageEntry): void;
  /** Writes everything buffered so far (one INSERT per batch); resolves when done, logging any failure. */
  flush(): Promise<void>;
};

/** How often buffered entries are written at the latest. */
const USAGE_FLUSH_INTERVAL_MS = 1000;
/** Entries per INSERT; a full batch is written at once instead of waiting for the timer. */
const USAGE_BATCH_SIZE = 500;
/** Entries held at most (new and awaiting a retry): ~200 bytes each, so ~10 MB while the database is away. */
const USAGE_MAX_BUFFERED = 50_000;
/** Writes a batch gets before it is given up (with a log line saying how many entries were lost). */
const USAGE_MAX_ATTEMPTS = 5;

type FailedBatch = { entries: ApiUsageEntry[]; attempts: number };

/**
 * The recorder createDeps builds, plus close() (stops the timer, writes what is left) and counters for tests.
 * Writes are serialised (one pass at a time), so flush() after record() always finds the entry written or held for
 * a retry. While the database fails, new entries still buffer up to `maxBuffered`; past it they are dropped and
 * counted, and the count is logged once per pass, so memory stays bounded whatever the outage lasts.
 */
export function createApiUsageRecorder({
  db,
  logger,
  flushIntervalMs = USAGE_FLUSH_INTERVAL_MS,
  batchSize = USAGE_BATCH_SIZE,
  maxBuffered = USAGE_MAX_BUFFERED,
  maxAttempts = USAGE_MAX_ATTEMPTS,
}: {
  db: Db;
  logger: Logger;
  flushIntervalMs?: number;
  batchSize?: number;
  maxBuffered?: number;
  maxAttempts?: number;
}): ApiUsageRecorder & {
  close(): Promise<void>;
  /** Entries held in memory (new and awaiting a retry). */
  readonly buffered: number;
  /** Entries dropped since start: buffer full, given up after maxAttempts, or recorded after close. */
  readonly dropped: number;
} {
  let fresh: ApiUsageEntry[] = [];
  let failed: FailedBatch[] = [];
  /** Entries in `failed` plus those a pass is writing: counted against maxBuffered like the new ones. */
  let held = 0;
  let dropped = 0;
  let droppedUnlogged = 0;
  let closed = false;
  let running: Promise<void> = Promise.resolve();
  let passQueued = false;

  /** One pass: earlier failures first (oldest data), then the new entries; stops at the first failing batch. */
  const pass = async () => {
    passQueued = false;
    if (droppedUnlogged > 0) {
      logger.warn({ dropped: droppedUnlogged }, "API usage entries dropped: the buffer was full");
      droppedUnlogged = 0;
    }
    const batches: FailedBatch[] = failed;
    failed = [];
    for (let start = 0; start < fresh.length; start += batchSize) {
      batches.push({ entries: fresh.slice(start, start + batchSize), attempts: 0 });
    }
    held += fresh.length;
    fresh = [];
    for (let index = 0; index < batches.length; index++) {
      const batch = batches[index] as FailedBatch;
      try {
        await insertEntries(db, batch.entries);
        held -= batch.entries.length;
      } catch (error) {
        const attempts = batch.attempts + 1;
        failed = batches.slice(index + 1);
        if (attempts >= maxAttempts) {
          held -= batch.entries.length;
          dropped += batch.entries.length;
          logger.error(
            { err: error, entries: batch.entries.length, attempts },
            "API usage entries lost: writing them kept failing",
          );
        } else {
          logger.warn(
            { err: error, entries: batch.entries.length, attempts },
            "writing API usage entries failed; retrying on the next flush",
          );
          failed.unshift({ entries: batch.entries, attempts });
        }
        // The database is failing: the rest waits for the next pass instead of hammering it now.
        return;
      }
    }
  };

  const flush = () => {
    running = running.then(pass);
    return running;
  };

  const timer = setInterval(() => {
    if (fresh.length > 0 || failed.length > 0 || droppedUnlogged > 0) void flush();
  }, flushIntervalMs);
  timer.unref();

  return {
    get buffered() {
      return fresh.length + held;
    },
    get dropped() {
      return dropped;
    },
    record(entry) {
      const bad = unstorable(entry);
      if (bad) {
        dropped += 1;
        logger.error(
          { field: bad, operation: entry.operation },
          "API usage entry dropped: it cannot be stored",
        );
        return;
      }
      if (closed || fresh.length + held >= maxBuffered) {
        dropped += 1;
        droppedUnlogged += 1;
        return;
      }
      fresh.push(entry);
      // A full batch goes now rather than at the next tick; one queued pass takes every full batch.
      if (fresh.length >= batchSize && !passQueued) {
        passQueued = true;
        void flush();
      }
    },
    flush,
    async close() {
      if (closed) return running;
      closed = true;
      clearInterval(timer);
      await flush();
      const left = fresh.length + held;
      if (left > 0)
        logger.error({ entries: left }, "API usage entries lost at shutdown: the last write failed");
    },
  };
}

const INTEGER_MAX = 2_147_483_647;

/** A count the integer columns hold: rounded, within 0..INTEGER_MAX, null when it is no number at all. */
function storableCount(value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  return Math.min(INTEGER_MAX, Math.max(0, Math.round(value)));
}

/** An entry one bad field would make its whole batch fail on (and so lose the others with it). */
function unstorable(entry: ApiUsageEntry): string | undefined {
  if (!Number.isInteger(entry.status) || entry.status < 100 || entry.status > 599) return "status";
  if (!(entry.at instanceof Date) || Number.isNaN(entry.at.getTime())) return "at";
  if (!entry.userId) return "userId";
  return undefined;
}

/**
 * One INSERT for the batch. Joined to users and api_keys so an entry whose user was deleted meanwhile is skipped and
 * a deleted key becomes null (as ON DELETE SET NULL would have made it), instead of one such entry failing its batch.
 */
async function insertEntries(db: Db, entries: ApiUsageEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map(
    (entry) =>
      sql`(${crypto.randomUUID()}::text, ${entry.userId}::text, ${entry.apiKeyId}::text, ${entry.agentEndpoint}::text, ${entry.operation}::text, ${entry.status}::integer, ${storableCount(entry.latencyMs) ?? 0}::integer, ${storableCount(entry.promptTokens)}::integer, ${storableCount(entry.completionTokens)}::integer, ${entry.at.toISOString()}::timestamptz)`,
  );
  await db.execute(sql`
    insert into api_request_log
      (id, user_id, api_key_id, agent_endpoint, operation, status, latency_ms, prompt_tokens, completion_tokens, created_at)
    select e.id, e.user_id, k.id, e.agent_endpoint, e.operation, e.status, e.latency_ms, e.prompt_tokens,
      e.completion_tokens, e.created_at
    from (values ${sql.join(rows, sql`, `)}) as e
      (id, user_id, api_key_id, agent_endpoint, operation, status, latency_ms, prompt_tokens, completion_tokens, created_at)
    join users u on u.id = e.user_id
    left join api_keys k on k.id = e.api_key_id`);
}
