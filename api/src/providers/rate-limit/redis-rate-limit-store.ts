// The Redis rate-limit store (REDIS_URL): fixed windows as expiring counters, each step one Lua script, shared by every instance.
import { createHash } from "node:crypto";
import { createClient } from "redis";
import { AppError } from "../../lib/app-error";
import type { Logger } from "../../lib/logger";
import type { RateLimitCounter, RateLimitStore } from "./rate-limit-store";

/** How long a request waits for Redis before it is answered 503: a hung Redis must not hang the API. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** How long start-up waits for the first connection before serving anyway (503 on limited routes until it comes). */
const REDIS_STARTUP_WAIT_MS = 5000;
/** Seconds a client is told to wait (Retry-After) when the store cannot be reached. */
const REDIS_UNAVAILABLE_RETRY_AFTER_S = 5;

export const RATE_LIMIT_STORE_UNAVAILABLE =
  "Request limits cannot be checked right now (the rate-limit store is unreachable). Please try again shortly.";

/**
 * INCR opens the window: the first hit of a window (no TTL yet) sets it. Both in one script, so no instance can see
 * a counter without its expiry, and a crash between the two steps cannot leave a counter that never expires.
 * Returns { count, remaining milliseconds }.
 */
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  ttl = tonumber(ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return { count, ttl }`;

/** { count, remaining milliseconds } of an open window, or nil. */
const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then return nil end
return { tonumber(count), ttl }`;

/** DECR an existing positive counter only: never below zero, never creating a key, TTL untouched. */
const DECREMENT = `
local count = tonumber(redis.call('GET', KEYS[1]))
if count and count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

type Script = { source: string; sha: string };
const script = (source: string): Script => ({
  source,
  sha: createHash("sha1").update(source).digest("hex"),
});
const SCRIPTS = { increment: script(INCREMENT), peek: script(PEEK), decrement: script(DECREMENT) };

/** Anything a Redis command rejected with, said without the connection URL (it may hold a password). */
const reasonOf = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * Counters live in Redis under `keyPrefix` + the caller's key and expire with their window (PEXPIRE), so Redis holds
 * only open windows whatever keys callers invent; run it with `maxmemory-policy noeviction` (or volatile-ttl) so a
 * full Redis never drops a lock early. Every method is one Lua script (or DEL), atomic on the server, so instances
 * sharing the Redis share each count exactly.
 *
 * When Redis cannot be reached (down, refused, slower than REDIS_COMMAND_TIMEOUT_MS), every method throws
 * SERVICE_UNAVAILABLE (503, Retry-After): limits fail closed. Failing open would hand out unlimited sign-in guesses
 * and API calls for as long as Redis is away; failing closed costs availability of the limited routes only while
 * Redis is down, and the client reconnects on its own. One warning is logged per outage, not one per request.
 */
export function createRedisRateLimitStore({
  url,
  keyPrefix,
  logger,
  now = () => new Date(),
  commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS,
}: {
  url: string;
  keyPrefix: string;
  logger: Logger;
  /** The clock `resetAt` is reported on; windows themselves are timed by Redis. */
  now?: () => Date;
  commandTimeoutMs?: number;
}): RateLimitStore & {
  /** Resolves once connected, or after `waitMs` without (the client keeps trying in the background). */
  ready(waitMs?: number): Promise<boolean>;
  close(): Promise<void>;
} {
  const client = createClient({
    url,
    // Refuse commands while disconnected instead of queueing them: a request must not wait for Redis to return.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2000),
    },
  });
  let outage = false;
  client.on("error", (error: unknown) => {
    if (outage) return;
    outage = true;
    logger.warn(
      { reason: reasonOf(error) },
      "rate-limit store (Redis) unreachable: limited requests answer 503",
    );
  });
  client.on("ready", () => {
    if (outage) logger.info("rate-limit store (Redis) reachable again");
    outage = false;
  });
  const connecting = client.connect().then(
    () => true,
    (error: unknown) => {
      logger.error({ reason: reasonOf(error) }, "rate-limit store (Redis) could not connect");
      return false;
    },
  );
  let closed = false;

  const unavailable = (error: unknown) => {
    if (!outage) {
      outage = true;
      logger.warn(
        { reason: reasonOf(error) },
        "rate-limit store (Redis) failed: limited requests answer 503",
      );
    }
    return new AppError("SERVICE_UNAVAILABLE", RATE_LIMIT_STORE_UNAVAILABLE, {
      cause: error,
      headers: { "Retry-After": String(REDIS_UNAVAILABLE_RETRY_AFTER_S) },
    });
  };

  /** The command's reply, or SERVICE_UNAVAILABLE when it fails or takes longer than commandTimeoutMs. */
  async function run<T>(command: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${commandTimeoutMs} ms`)),
        commandTimeoutMs,
      );
    });
    try {
      return await Promise.race([command(), timeout]);
    } catch (error) {
      throw unavailable(error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** EVALSHA, loading the script with EVAL when this Redis has not seen it (a restart empties its script cache). */
  const evaluate = (which: Script, key: string, args: string[] = []) =>
    run(async () => {
      const options = { keys: [keyPrefix + key], arguments: args };
      try {
        return await client.evalSha(which.sha, options);
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
        return await client.eval(which.source, options);
      }
    });

  const toCounter = (reply: unknown): RateLimitCounter | undefined => {
    if (!Array.isArray(reply)) return undefined;
    const [count, ttlMs] = reply.map(Number);
    if (count === undefined || ttlMs === undefined || !Number.isFinite(count) || !Number.isFinite(ttlMs))
      return undefined;
    return { count, resetAt: new Date(now().getTime() + ttlMs) };
  };

  return {
    kind: "redis",
    async increment({ key, windowMs }) {
      const counter = toCounter(
        await evaluate(SCRIPTS.increment, key, [String(Math.max(1, Math.ceil(windowMs)))]),
      );
      if (!counter) throw unavailable(new Error("unexpected reply to the increment script"));
      // Locks (`limit`) need nothing more here: Redis evicts no key before its TTL under noeviction / volatile-ttl.
      return counter;
    },
    async peek({ key }) {
      return toCounter(await evaluate(SCRIPTS.peek, key));
    },
    async decrement({ key }) {
      await evaluate(SCRIPTS.decrement, key);
    },
    async reset({ key }) {
      await run(() => client.del(keyPrefix + key));
    },
    async ready(waitMs = REDIS_STARTUP_WAIT_MS) {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), waitMs);
      });
      try {
        return await Promise.race([connecting, waited]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      // destroy(): drop the connection (and any reconnect loop) now; nothing we wrote needs a graceful QUIT.
      if (client.isOpen) client.destroy();
      await connecting;
    },
  };
}
