// The Redis rate-limit store against the machine's Redis: the memory store's semantics, shared counts, expiry, outages.
import { randomBytes } from "node:crypto";
import net from "node:net";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "../../lib/logger";
import { createRedisRateLimitStore, RATE_LIMIT_STORE_UNAVAILABLE } from "./redis-rate-limit-store";

/** The machine's Redis (DESIGN 2: the production rate-limit store); every key of this run under its own prefix. */
export const TEST_REDIS_URL = "redis://127.0.0.1:6379";
const prefix = `acp-test:${randomBytes(6).toString("hex")}:`;
const MINUTE_MS = 60 * 1000;

function recordingLogger() {
  const lines: { level: string; message: string }[] = [];
  const log = (level: string) => (fieldsOrMessage: unknown, message?: string) => {
    lines.push({ level, message: message ?? String(fieldsOrMessage) });
  };
  return {
    logger: { warn: log("warn"), error: log("error"), info: log("info") } as unknown as Logger,
    lines,
  };
}

const admin = createClient({ url: TEST_REDIS_URL });
const stores: { close(): Promise<void> }[] = [];
function store(options: { url?: string; logger?: Logger; commandTimeoutMs?: number; now?: () => Date } = {}) {
  const created = createRedisRateLimitStore({
    url: options.url ?? TEST_REDIS_URL,
    keyPrefix: prefix,
    logger: options.logger ?? recordingLogger().logger,
    ...(options.now ? { now: options.now } : {}),
    ...(options.commandTimeoutMs ? { commandTimeoutMs: options.commandTimeoutMs } : {}),
  });
  stores.push(created);
  return created;
}

/**
 * A TCP proxy to the test Redis whose replies can be held back (freeze) and released in order (thaw): a Redis that is
 * up but silent, without pausing the shared server for anyone else.
 */
async function freezableProxy() {
  let frozen = false;
  const held: { socket: net.Socket; data: Buffer }[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    const upstream = net.connect(6379, "127.0.0.1");
    sockets.add(socket).add(upstream);
    socket.pipe(upstream);
    upstream.on("data", (data: Buffer) => {
      if (frozen) held.push({ socket, data });
      else socket.write(data);
    });
    const end = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const { socket, data } of held.splice(0)) socket.write(data);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

beforeAll(async () => {
  await admin.connect();
});
afterAll(async () => {
  await Promise.all(stores.map((created) => created.close()));
  const keys: string[] = [];
  for await (const batch of admin.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) keys.push(...batch);
  if (keys.length > 0) await admin.del(keys);
  admin.destroy();
});

describe("Redis rate-limit store", () => {
  it("connects, counts hits in a fixed window under its prefix, and reports when the window closes", async () => {
    const fixedNow = new Date("2026-03-01T09:00:00.000Z");
    const redis = store({ now: () => fixedNow });
    expect(await redis.ready()).toBe(true);
    expect(redis.kind).toBe("redis");
    const first = await redis.increment({ key: "window", windowMs: 15 * MINUTE_MS });
    expect(first.count).toBe(1);
    expect(first.resetAt.getTime() - fixedNow.getTime()).toBeGreaterThan(15 * MINUTE_MS - 1000);
    expect(first.resetAt.getTime() - fixedNow.getTime()).toBeLessThanOrEqual(15 * MINUTE_MS);
    const second = await redis.increment({ key: "window", windowMs: 60 * MINUTE_MS });
    // A later hit neither extends nor restarts the window.
    expect(second.count).toBe(2);
    expect(second.resetAt.getTime()).toBeLessThanOrEqual(first.resetAt.getTime());
    expect(await admin.get(`${prefix}window`)).toBe("2");
    expect(await admin.pTTL(`${prefix}window`)).toBeGreaterThan(14 * MINUTE_MS);
  });

  it("starts again from one once the window has expired in Redis", async () => {
    const redis = store();
    await redis.ready();
    for (let hit = 0; hit < 3; hit++) await redis.increment({ key: "short", windowMs: 150 });
    expect((await redis.peek({ key: "short" }))?.count).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await redis.peek({ key: "short" })).toBeUndefined();
    expect((await redis.increment({ key: "short", windowMs: 150 })).count).toBe(1);
  });

  it("keeps keys apart, takes single hits back (never below zero, never creating a key) and forgets reset keys", async () => {
    const redis = store();
    await redis.ready();
    await redis.increment({ key: "a", windowMs: MINUTE_MS });
    await redis.increment({ key: "a", windowMs: MINUTE_MS });
    expect((await redis.increment({ key: "b", windowMs: MINUTE_MS })).count).toBe(1);
    await redis.decrement({ key: "a" });
    expect((await redis.increment({ key: "a", windowMs: MINUTE_MS })).count).toBe(2);
    for (let take = 0; take < 5; take++) await redis.decrement({ key: "b" });
    expect((await redis.peek({ key: "b" }))?.count).toBe(0);
    expect((await redis.increment({ key: "b", windowMs: MINUTE_MS })).count).toBe(1);
    await redis.decrement({ key: "never-seen" });
    expect(await admin.exists(`${prefix}never-seen`)).toBe(0);
    await redis.reset({ key: "a" });
    expect(await redis.peek({ key: "a" })).toBeUndefined();
    expect((await redis.increment({ key: "a", windowMs: MINUTE_MS })).count).toBe(1);
  });

  it("counts concurrent increments from two stores (two instances) exactly", async () => {
    const one = store();
    const two = store();
    await Promise.all([one.ready(), two.ready()]);
    const counters = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        (index % 2 === 0 ? one : two).increment({ key: "shared", windowMs: MINUTE_MS, limit: 150 }),
      ),
    );
    expect(counters.map((counter) => counter.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, index) => index + 1),
    );
    expect((await one.peek({ key: "shared" }))?.count).toBe(200);
  });

  it("loads its scripts again after Redis forgot them (SCRIPT FLUSH, a restart)", async () => {
    const redis = store();
    await redis.ready();
    await redis.increment({ key: "flushed", windowMs: MINUTE_MS });
    await admin.scriptFlush();
    expect((await redis.increment({ key: "flushed", windowMs: MINUTE_MS })).count).toBe(2);
    expect((await redis.peek({ key: "flushed" }))?.count).toBe(2);
  });

  it("fails closed with SERVICE_UNAVAILABLE (503, Retry-After) when Redis cannot be reached, logging once", async () => {
    const { logger, lines } = recordingLogger();
    // Nothing listens on port 1: every connection is refused.
    const down = store({ url: "redis://127.0.0.1:1", logger });
    const started = Date.now();
    expect(await down.ready(300)).toBe(false);
    for (const attempt of [
      () => down.increment({ key: "k", windowMs: MINUTE_MS }),
      () => down.peek({ key: "k" }),
      () => down.decrement({ key: "k" }),
      () => down.reset({ key: "k" }),
    ]) {
      await expect(attempt()).rejects.toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        status: 503,
        message: RATE_LIMIT_STORE_UNAVAILABLE,
        headers: { "Retry-After": "5" },
      });
    }
    expect(Date.now() - started).toBeLessThan(3000);
    expect(lines.filter((line) => line.level === "warn")).toHaveLength(1);
    await down.close();
  });

  it("answers 503 instead of waiting when Redis stops answering", async () => {
    const proxy = await freezableProxy();
    try {
      const redis = store({ url: proxy.url, commandTimeoutMs: 200 });
      expect(await redis.ready()).toBe(true);
      expect((await redis.increment({ key: "silent", windowMs: MINUTE_MS })).count).toBe(1);
      proxy.freeze();
      const started = Date.now();
      await expect(redis.increment({ key: "silent", windowMs: MINUTE_MS })).rejects.toMatchObject({
        code: "SERVICE_UNAVAILABLE",
      });
      expect(Date.now() - started).toBeLessThan(1000);
      // Once Redis answers again, so does the store (the late reply went to the abandoned command).
      proxy.thaw();
      expect((await redis.increment({ key: "silent", windowMs: MINUTE_MS })).count).toBe(3);
      await redis.close();
    } finally {
      await proxy.close();
    }
  });
});
