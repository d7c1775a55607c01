// Coalesces API keys' lastUsed in memory and writes it about once a minute: no database write per keyed request.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import type { Logger } from "../../lib/logger";

export type ApiKeyLastUsed = {
  /** Notes a use of the key; written by the next flush (at most one write per key per flush). */
  touch(apiKeyId: string, at: Date): void;
  /** The latest use noted and not written yet, so a list read here can show it before the flush. */
  pending(apiKeyId: string): Date | undefined;
  /** Writes every pending use (one UPDATE per 500 keys); a failure keeps them for the next flush and is logged. */
  flush(): Promise<void>;
};

const LAST_USED_FLUSH_INTERVAL_MS = 60_000;
const KEYS_PER_UPDATE = 500;
/** Keys held at most between flushes; a use past it is skipped (lastUsed is a hint, the request log is the record). */
const LAST_USED_MAX_KEYS = 100_000;

/**
 * One Map entry per key used since the last flush, whatever the request rate; a later flush wins only if it is newer
 * (`last_used < new value`), so two instances flushing in any order leave the latest use. Other instances' pending
 * uses show once they flush: lastUsed may lag by up to LAST_USED_FLUSH_INTERVAL_MS.
 */
export function createApiKeyLastUsedTracker({
  db,
  logger,
  flushIntervalMs = LAST_USED_FLUSH_INTERVAL_MS,
  maxKeys = LAST_USED_MAX_KEYS,
}: {
  db: Db;
  logger: Logger;
  flushIntervalMs?: number;
  maxKeys?: number;
}): ApiKeyLastUsed & { close(): Promise<void> } {
  let uses = new Map<string, Date>();
  /** The uses a flush is writing: still "pending" to readers until the write is done. */
  let writing = new Map<string, Date>();
  let running: Promise<void> = Promise.resolve();

  const remember = (apiKeyId: string, at: Date) => {
    const known = uses.get(apiKeyId);
    if (known ? at > known : uses.size < maxKeys) uses.set(apiKeyId, at);
  };

  const pass = async () => {
    if (uses.size === 0) return;
    writing = uses;
    const batch = [...uses];
    uses = new Map();
    for (let start = 0; start < batch.length; start += KEYS_PER_UPDATE) {
      const part = batch.slice(start, start + KEYS_PER_UPDATE);
      try {
        await db.execute(sql`
          update api_keys set last_used = u.at
          from (values ${sql.join(
            part.map(([id, at]) => sql`(${id}::text, ${at.toISOString()}::timestamptz)`),
            sql`, `,
          )}) as u (id, at)
          where api_keys.id = u.id and (api_keys.last_used is null or api_keys.last_used < u.at)`);
      } catch (error) {
        for (const [id, at] of batch.slice(start)) remember(id, at);
        logger.warn(
          { err: error, keys: batch.length - start },
          "writing API keys' lastUsed failed; retrying later",
        );
        break;
      }
    }
    writing = new Map();
  };

  const flush = () => {
    running = running.then(pass);
    return running;
  };
  const timer = setInterval(() => void flush(), flushIntervalMs);
  timer.unref();

  return {
    touch: remember,
    pending: (apiKeyId) => uses.get(apiKeyId) ?? writing.get(apiKeyId),
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
