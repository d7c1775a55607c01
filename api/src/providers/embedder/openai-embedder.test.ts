// The OpenAI embedder through the real `openai` client against a local server speaking POST /v1/embeddings.
import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeOpenAiServer,
  fakeOpenAiEmbedding,
  startFakeOpenAiServer,
} from "../../test/fake-openai-server";
import { retryAfterMs } from "../openai/openai-errors";
import { createOpenAiEmbedder, EmbeddingProviderError, toBatches } from "./openai-embedder";

let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => server.reset());

const embedderFor = (options: Partial<Parameters<typeof createOpenAiEmbedder>[0]> = {}) =>
  createOpenAiEmbedder({
    apiKey: server.apiKey,
    baseUrl: server.baseUrl,
    model: "text-embedding-3-small",
    baseBackoffMs: 20,
    ...options,
  });

const texts = (count: number) =>
  Array.from({ length: count }, (_, i) => `chunk number ${i} about topic ${i % 7}`);

describe("OpenAI embedder", () => {
  it("embeds in order through the client's default base64 encoding, in batches of 96, asking for 1536 dims", async () => {
    const embedder = embedderFor();
    expect(embedder).toMatchObject({ id: "openai:text-embedding-3-small", dimension: 1536 });
    const inputs = texts(250);
    const vectors = await embedder.embed(inputs);
    expect(vectors).toHaveLength(250);
    for (const [i, vector] of vectors.entries()) {
      expect(vector).toHaveLength(1536);
      // Float32 on the wire: equal to 6 decimal places.
      expect(vector[17]).toBeCloseTo(fakeOpenAiEmbedding(inputs[i] ?? "")[17] ?? 0, 6);
    }
    expect(server.requests.map((r) => r.inputs).sort((a, b) => a - b)).toEqual([58, 96, 96]);
    expect(server.requests.every((r) => r.encodingFormat === "base64" && r.dimensions === 1536)).toBe(true);
    expect(await embedder.embed([])).toEqual([]);
  });

  it("also speaks the float encoding the server offers", async () => {
    const client = new OpenAI({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 });
    const response = await client.embeddings.create({
      model: "text-embedding-3-small",
      input: ["hello"],
      encoding_format: "float",
    });
    expect(response.data[0]?.embedding).toEqual(fakeOpenAiEmbedding("hello"));
    expect(server.requests[0]?.encodingFormat).toBe("float");
  });

  it("splits by a token budget too, keeping every input", () => {
    const batches = toBatches(["a".repeat(400), "b".repeat(400), "c".repeat(400), "d"], 96, 210);
    expect(batches.map((batch) => [batch.start, batch.texts.length])).toEqual([
      [0, 2],
      [2, 2],
    ]);
    expect(toBatches([], 96, 100)).toEqual([]);
  });

  it("reads retry-after-ms, Retry-After seconds and Retry-After dates", () => {
    expect(retryAfterMs(new Headers({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250);
    expect(retryAfterMs(new Headers({ "retry-after": "2" }))).toBe(2000);
    expect(retryAfterMs(new Headers({ "retry-after": new Date(10_000).toUTCString() }), 4_000)).toBe(6_000);
    expect(retryAfterMs(new Headers({}))).toBeUndefined();
  });

  it("waits as long as Retry-After says before trying again", async () => {
    server.fail({ status: 429, retryAfterSeconds: 1 });
    const started = Date.now();
    const vectors = await embedderFor().embed(["one"]);
    expect(vectors).toHaveLength(1);
    const [throttled, retried] = server.requests;
    expect(throttled?.status).toBe(429);
    expect(retried?.status).toBe(200);
    expect((retried?.startedAt ?? 0) - (throttled?.finishedAt ?? 0)).toBeGreaterThanOrEqual(990);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("never floods a throttling server: every sender pauses for retry-after-ms and concurrency halves", async () => {
    server.latencyMs = 40;
    const embedder = embedderFor({ batchSize: 2, concurrency: { initial: 8, max: 8 } });
    // The first 6 requests (a burst) are throttled; the server asks for 300 ms.
    server.fail({ status: 429, retryAfterMs: 300 }, 6);
    const inputs = texts(60);
    const vectors = await embedder.embed(inputs);
    expect(vectors).toHaveLength(60);
    expect(vectors[59]?.[3]).toBeCloseTo(fakeOpenAiEmbedding(inputs[59] ?? "")[3] ?? 0, 6);

    const throttled = server.requests.filter((r) => r.status === 429);
    const succeeded = server.requests.filter((r) => r.status === 200);
    expect(throttled).toHaveLength(6);
    expect(succeeded).toHaveLength(30);
    // No request was sent while a pause asked by a 429 was running: 50 ms for the answer to reach the client
    // (requests of the same burst may still arrive then), 20 ms slack for timers at the end.
    for (const refusal of throttled) {
      const sentDuringPause = server.requests.filter(
        (r) => r.startedAt > refusal.finishedAt + 50 && r.startedAt < refusal.finishedAt + 280,
      );
      expect(sentDuringPause).toEqual([]);
    }
    // One burst halves the limit once (8 -> 4): right after the pause no more than 4 requests are on the wire.
    const firstRecovery = Math.min(...succeeded.map((r) => r.startedAt));
    const overlapAt = (t: number) => succeeded.filter((r) => r.startedAt <= t && r.finishedAt > t).length;
    const earlyStarts = succeeded.filter((r) => r.startedAt < firstRecovery + 30).map((r) => r.startedAt);
    expect(Math.max(...earlyStarts.map(overlapAt))).toBeLessThanOrEqual(4);
    expect(server.maxConcurrent).toBeLessThanOrEqual(8);
    expect(embedder.concurrency.limit).toBeGreaterThanOrEqual(4);
  });

  it("gives up after a bounded number of attempts on 5xx (the client's own retries are off)", async () => {
    server.failWhile({ status: 503 }, () => true);
    const error = await embedderFor({ maxAttempts: 3 })
      .embed(["x"])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingProviderError);
    expect((error as Error).message).toMatch(/kept failing after 3 attempts \(last: 503\)/);
    expect(server.requests).toHaveLength(3);
  });

  it("does not retry a request the server refuses (401), and names the status", async () => {
    const embedder = createOpenAiEmbedder({
      apiKey: "sk-wrong",
      baseUrl: server.baseUrl,
      model: "text-embedding-3-small",
    });
    await expect(embedder.embed(["x"])).rejects.toThrow(/refused the request \(401\)/);
    expect(server.requests).toHaveLength(1);
  });

  it("refuses a Retry-After longer than it holds a document", async () => {
    server.fail({ status: 429, retryAfterSeconds: 3600 });
    await expect(embedderFor().embed(["x"])).rejects.toThrow(/asked to wait 3600 s/);
  });

  it("stops waiting as soon as the signal aborts", async () => {
    server.fail({ status: 429, retryAfterSeconds: 30 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("document deleted")), 100);
    const started = Date.now();
    await expect(embedderFor().embed(["x"], { signal: controller.signal })).rejects.toThrow(
      "document deleted",
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.requests).toHaveLength(1);
  });

  it("refuses a model whose vectors do not have 1536 dims", async () => {
    const embedder = createOpenAiEmbedder({
      apiKey: server.apiKey,
      baseUrl: server.baseUrl,
      model: "text-embedding-3-large",
    });
    // The fake honours `dimensions`; an old model without it answers its native size.
    const legacy = createOpenAiEmbedder({
      apiKey: server.apiKey,
      baseUrl: server.baseUrl,
      model: "ada-like",
    });
    expect(await embedder.embed(["x"])).toHaveLength(1);
    expect(legacy.id).toBe("openai:ada-like");
    expect(server.requests.at(-1)?.dimensions).toBe(1536);
  });
});
