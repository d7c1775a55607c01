// The public agent API's benchmarks (issue 21): POST /api/v1/{slug} throughput and p50/p99 with the hourly limiter
// counting in memory and in Redis (REDIS_URL) against the same route with a store that counts nothing (target >= 90%),
// and the OpenAI-compatible stream's time to first token beside the chat endpoint's, against a local model server; and
// (issue 30) POST /api/v1/chat/completions with the caller's tools or a JSON schema passed through to the model
// against the same call plain: throughput and first-token overhead (target: within 5 %).
// Run alone with `npx tsx e2e/bench/public-api.ts` (`--quick` for short runs; `--pass-through` for the issue 30 tables
// only); `npm run bench` prints it with the rest.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startFakeOpenAiServer } from "@acp/api/src/test/fake-openai-server";
import autocannon from "autocannon";
import { processCpuMs } from "../load/traffic";
import { freePort } from "../support/app-server";
import { inheritedEnvironment, repoRoot } from "../support/env";
import {
  directFirstToken,
  FIRST_TOKEN_OVERHEAD_TARGET_MS,
  MODEL_FIRST_TOKEN_MS,
  type Percentiles,
  percentiles,
  runRounds,
  timeToFirst,
} from "./chat-first-token";
import { printTable } from "./cli";

/** Issue 21: the limiter may cost at most 10% of the route's requests per second. */
const LIMITER_THROUGHPUT_TARGET = 0.9;

type PublicApiSettings = {
  /** autocannon per measurement, and how many alternating passes over the arms. */
  load: { connections: number; duration: number };
  passes: number;
  /** Streamed answers per concurrency level, for the first-token table. */
  firstTokenRounds: Record<1 | 50, number>;
};

const FULL_SETTINGS: PublicApiSettings = {
  load: { connections: 20, duration: 6 },
  passes: 2,
  firstTokenRounds: { 1: 60, 50: 6 },
};

const QUICK_SETTINGS: PublicApiSettings = {
  load: { connections: 10, duration: 3 },
  passes: 1,
  firstTokenRounds: { 1: 10, 50: 2 },
};

/** Public calls per client IP per hour, at the most the setting allows: every benchmark call comes from 127.0.0.1. */
const PUBLIC_LIMIT = "1000000";

const QUESTION = "What does the sales playbook say about pricing tier 3?";

/** The knowledge the agent answers from, so each call pays for its search as a real one does. */
const PLAYBOOK = Array.from(
  { length: 400 },
  (_, i) =>
    `Section ${i}: the sales playbook covers segment ${i % 17}, pricing tier ${i % 5} and the region ${i % 11}.`,
).join("\n\n");

const SERVE_FLAG = "--serve-api";

/**
 * How the API runs in these benchmarks: its source through tsx (the code the build bundles, built and served as
 * server.ts does), because one arm needs the limiter with nothing to count on: BENCH_LIMITER=uncounted injects a
 * rate-limit store that never counts through createDeps' overrides (the seam tests use), which no setting of the
 * built server offers. Every arm runs this same program.
 */
async function serveApi(): Promise<void> {
  const { loadConfig } = await import("@acp/api/src/env");
  const { createDeps } = await import("@acp/api/src/deps");
  const { createApp } = await import("@acp/api/src/app");
  const { serveApp } = await import("@acp/api/src/lib/http-server");
  const { startJobs } = await import("@acp/api/src/jobs/start-jobs");
  const env = inheritedEnvironment();
  const loaded = loadConfig(env);
  // Counters of this run only, whatever else the machine's Redis holds.
  const config = loaded.redis
    ? { ...loaded, redis: { ...loaded.redis, keyPrefix: `acp-bench-${process.pid}:` } }
    : loaded;
  const uncounted = {
    kind: "memory" as const,
    increment: async ({ windowMs }: { windowMs: number }) => ({
      count: 1,
      resetAt: new Date(Date.now() + windowMs),
    }),
    peek: async () => undefined,
    decrement: async () => undefined,
    reset: async () => undefined,
  };
  const deps = await createDeps(
    config,
    env.BENCH_LIMITER === "uncounted" ? { rateLimitStore: uncounted } : {},
  );
  await deps.vectorStore.ensureReady();
  const stopJobs = await startJobs(deps, { concurrency: config.workers });
  const app = createApp(deps);
  const server = serveApp({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
    console.log("ready"),
  );
  process.once("SIGTERM", () => {
    deps.streams.abortAll();
    server.closeAllConnections();
    server.close();
    void stopJobs()
      .then(() => deps.close())
      .finally(() => process.exit(0));
  });
}

type BenchApi = {
  url: string;
  /** A signed-in user's cookie, with the playbook uploaded and ingested. */
  cookie: string;
  /** POST with the user's cookie (same origin), expecting `status`; the JSON body. */
  post: (route: string, body: unknown, status?: number) => Promise<unknown>;
  /** Uploads the playbook again, given to an agent (or to the shared library), and waits for it to be ingested. */
  uploadPlaybook: (agentId?: string) => Promise<void>;
  /** CPU time the API process has used so far (all its threads), in ms. */
  cpuMs: () => Promise<number>;
  stop: () => Promise<void>;
};

async function startBenchApi(env: Record<string, string>): Promise<BenchApi> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "acp-bench-public-api-"));
  const url = `http://127.0.0.1:${port}`;
  const inherited = inheritedEnvironment();
  delete inherited.DATABASE_URL;
  delete inherited.REDIS_URL;
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(import.meta.url), SERVE_FLAG],
    {
      cwd: repoRoot,
      env: {
        ...inherited,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        PUBLIC_RATE_LIMIT_PER_HOUR: PUBLIC_LIMIT,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the API did not start:\n${output}`);
      if (
        await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const signUp = await fetch(`${url}/api/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({
        firstName: "Bench",
        lastName: "Public",
        email: `bench-public-${Date.now()}@example.test`,
        password: "benchmark password",
      }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .find((line) => line.startsWith("session="))
      ?.split(";")[0];
    if (!signUp.ok || !cookie) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
    const post = async (route: string, body: unknown, status = 200) => {
      const response = await fetch(`${url}${route}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: url, cookie },
        body: JSON.stringify(body),
      });
      if (response.status !== status)
        throw new Error(`${route}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    /** Uploads the playbook (to an agent, or to the shared library) and waits until it is ingested. */
    const uploadPlaybook = async (agentId?: string) => {
      const form = new FormData();
      form.append("files", new Blob([PLAYBOOK], { type: "text/plain" }), "playbook.txt");
      if (agentId) form.append("agentId", agentId);
      const upload = await fetch(`${url}/api/documents/upload`, {
        method: "POST",
        headers: { origin: url, cookie },
        body: form,
      });
      if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
      const { documents } = (await upload.json()) as { documents: { id: string }[] };
      for (const end = Date.now() + 120_000; ; ) {
        const read = await fetch(`${url}/api/documents/${documents[0]?.id}`, { headers: { cookie } });
        const { document } = (await read.json()) as { document: { status: string; error: string | null } };
        if (document.status === "failed") throw new Error(`ingestion failed: ${document.error}`);
        if (document.status === "completed") return;
        if (Date.now() > end) throw new Error("the playbook is still processing");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await uploadPlaybook();
    const cpuMs = () => processCpuMs(child.pid ?? 0);
    return { url, cookie, post, uploadPlaybook, cpuMs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A public custom agent of the server's user, answering from the playbook given to it (anonymous callers never read
 * the owner's shared library); its endpoint slug.
 */
async function publicAgent(api: BenchApi): Promise<string> {
  const agent = (await api.post(
    "/api/custom-agents",
    { name: "Bench playbook", systemPrompt: "You answer from the sales playbook.", isPublic: true },
    201,
  )) as { id: string; apiEndpoint: string };
  await api.uploadPlaybook(agent.id);
  return agent.apiEndpoint;
}

type Throughput = {
  requestsPerSecond: number;
  p50LatencyMs: number;
  p99LatencyMs: number;
  requests: number;
  /** The API process's CPU time per call during the measured run (when the caller gave a way to read it). */
  apiCpuMsPerCall?: number;
};

async function load(
  url: string,
  settings: PublicApiSettings,
  body: unknown = { message: QUESTION },
  cpuMs?: () => Promise<number>,
): Promise<Throughput> {
  const request = {
    url,
    method: "POST" as const,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    connections: settings.load.connections,
  };
  await autocannon({ ...request, duration: 1 });
  const cpuBefore = await cpuMs?.();
  const result = await autocannon({ ...request, duration: settings.load.duration });
  const cpuAfter = await cpuMs?.();
  // Every call must be a real answer: a refusal (the limit reached) would measure something else.
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return {
    requestsPerSecond: result.requests.average,
    p50LatencyMs: result.latency.p50,
    p99LatencyMs: result.latency.p99,
    requests: result.requests.total,
    ...(cpuBefore !== undefined && cpuAfter !== undefined
      ? { apiCpuMsPerCall: (cpuAfter - cpuBefore) / result.requests.total }
      : {}),
  };
}

type Arm = { label: string; env: Record<string, string> };

/** The arms: uncounted first (the baseline), then the memory store, then Redis when REDIS_URL names one. */
function arms(): Arm[] {
  const redisUrl = inheritedEnvironment().REDIS_URL;
  return [
    { label: "limiter off (a store that counts nothing)", env: { BENCH_LIMITER: "uncounted" } },
    { label: "limiter on, memory store", env: {} },
    ...(redisUrl ? [{ label: "limiter on, Redis store", env: { REDIS_URL: redisUrl } }] : []),
  ];
}

/** Each arm on its own server, all started first, then measured in alternating passes (drift hits them alike). */
async function measurePublicApiThroughput(
  settings: PublicApiSettings = FULL_SETTINGS,
): Promise<{ arm: Arm; figures: Throughput }[]> {
  const started: { arm: Arm; api: BenchApi; url: string; passes: Throughput[] }[] = [];
  try {
    for (const arm of arms()) {
      const api = await startBenchApi(arm.env);
      started.push({ arm, api, url: `${api.url}/api/v1/${await publicAgent(api)}`, passes: [] });
    }
    for (let pass = 0; pass < settings.passes; pass++) {
      for (const entry of started) entry.passes.push(await load(entry.url, settings));
    }
    return started.map(({ arm, passes }) => ({ arm, figures: meanOf(passes) }));
  } finally {
    for (const { api } of started) await api.stop();
  }
}

function meanOf(passes: readonly Throughput[]): Throughput {
  const mean = (pick: (figures: Throughput) => number) =>
    passes.reduce((sum, figures) => sum + pick(figures), 0) / passes.length;
  return {
    requestsPerSecond: mean((f) => f.requestsPerSecond),
    p50LatencyMs: mean((f) => f.p50LatencyMs),
    p99LatencyMs: mean((f) => f.p99LatencyMs),
    requests: passes.reduce((sum, figures) => sum + figures.requests, 0),
    ...(passes.every((figures) => figures.apiCpuMsPerCall !== undefined)
      ? {
          // Weighted by calls: the CPU of all passes over all their calls.
          apiCpuMsPerCall:
            passes.reduce((sum, f) => sum + (f.apiCpuMsPerCall ?? 0) * f.requests, 0) /
            passes.reduce((sum, f) => sum + f.requests, 0),
        }
      : {}),
  };
}

export async function publicApiThroughputRows(
  settings: PublicApiSettings = FULL_SETTINGS,
): Promise<string[][]> {
  const measured = await measurePublicApiThroughput(settings);
  const baseline = measured[0]?.figures.requestsPerSecond ?? Number.NaN;
  const rows = [["POST /api/v1/{slug}", "req/s", "p50 / p99", "of limiter off", "target"]];
  for (const [index, { arm, figures }] of measured.entries()) {
    const ratio = figures.requestsPerSecond / baseline;
    rows.push([
      arm.label,
      `${Math.round(figures.requestsPerSecond)} (${figures.requests} calls)`,
      `${figures.p50LatencyMs.toFixed(0)} ms / ${figures.p99LatencyMs.toFixed(0)} ms`,
      index === 0 ? "-" : `${(ratio * 100).toFixed(0)}%`,
      index === 0
        ? "baseline"
        : `>= ${LIMITER_THROUGHPUT_TARGET * 100}% ${ratio >= LIMITER_THROUGHPUT_TARGET ? "met" : "NOT met"}`,
    ]);
  }
  if (measured.length < 3)
    rows.push(["limiter on, Redis store", "not measured: set REDIS_URL", "-", "-", "-"]);
  return rows;
}

type PublicFirstTokenFigures = {
  concurrency: number;
  openAi: Percentiles;
  chat: Percentiles;
  model: Percentiles;
};

/** The API's settings for answering through `model` (the local OpenAI-speaking server) as its chat model. */
function chatModelEnvironment(model: { baseUrl: string; apiKey: string }): Record<string, string> {
  return {
    LLM_PROVIDER: "openai",
    OPENAI_BASE_URL: model.baseUrl,
    OPENAI_API_KEY: model.apiKey,
    OPENAI_CHAT_MODEL: "bench-model",
  };
}

/**
 * Streamed first token of POST /api/v1/chat/completions (a public agent, no key) and of POST /api/chat (the same
 * user's gtm conversations), both retrieving from the playbook, against a local OpenAI-speaking server whose first
 * piece takes MODEL_FIRST_TOKEN_MS, beside that server measured alone; 1 and 50 at once.
 */
async function measurePublicFirstToken(
  settings: PublicApiSettings = FULL_SETTINGS,
): Promise<PublicFirstTokenFigures[]> {
  const model = await startFakeOpenAiServer();
  model.setChatScript({
    reply: "The playbook targets mid-market logistics firms [1]. It names Germany first [1].",
    firstPieceDelayMs: MODEL_FIRST_TOKEN_MS,
    pieceDelayMs: 2,
  });
  const api = await startBenchApi(chatModelEnvironment(model));
  try {
    const slug = await publicAgent(api);
    const conversations: string[] = [];
    for (let i = 0; i < 50; i++) {
      const created = (await api.post(
        "/api/conversations",
        { agentType: "gtm", title: `Bench ${i}` },
        201,
      )) as { id: string };
      conversations.push(created.id);
    }
    const question = (slot: number) => `What does the sales playbook say about pricing tier ${slot % 5}?`;
    const openAi = (slot: number) => {
      const started = performance.now();
      const response = fetch(`${api.url}/api/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          model: slug,
          stream: true,
          messages: [{ role: "user", content: question(slot) }],
        }),
      });
      return timeToFirst(response, '"content":"', started);
    };
    const chat = (slot: number) => {
      const started = performance.now();
      const response = fetch(`${api.url}/api/chat`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream",
          cookie: api.cookie,
          origin: api.url,
        },
        body: JSON.stringify({ conversationId: conversations[slot], message: question(slot) }),
      });
      return timeToFirst(response, "event: token", started);
    };
    // Warm-up: connections, the index, the model client.
    await runRounds(4, 2, openAi);
    await runRounds(4, 2, chat);
    await runRounds(4, 2, () => directFirstToken(model));
    const figures: PublicFirstTokenFigures[] = [];
    for (const concurrency of [1, 50] as const) {
      const rounds = settings.firstTokenRounds[concurrency];
      figures.push({
        concurrency,
        openAi: await runRounds(concurrency, rounds, openAi),
        chat: await runRounds(concurrency, rounds, chat),
        model: await runRounds(concurrency, rounds, () => directFirstToken(model)),
      });
    }
    return figures;
  } finally {
    await api.stop();
    await model.close();
  }
}

/** Issue 30: tools and structured output passed through may cost at most 5 % against plain chat completions. */
const PASS_THROUGH_TARGET = 1.05;

const PASS_THROUGH_FLAG = "--pass-through";

/** Two tools as a caller offers them (LangChain agents, AI SDK apps): the model is asked, and answers with text. */
const PASS_THROUGH_TOOLS = [
  {
    type: "function",
    function: {
      name: "get_exchange_rate",
      description: "The exchange rate between two currencies, for quoting a price in the customer's currency",
      parameters: {
        type: "object",
        properties: {
          from: { type: "string", description: "ISO 4217 code of the price's currency" },
          to: { type: "string", description: "ISO 4217 code of the customer's currency" },
        },
        required: ["from", "to"],
        additionalProperties: false,
      },
    },
  },
  {
    type: "function",
    function: {
      name: "create_quote",
      description: "Creates a draft quote for a customer from a pricing tier and a seat count",
      parameters: {
        type: "object",
        properties: {
          customer: { type: "string" },
          tier: { type: "integer", minimum: 0, maximum: 4 },
          seats: { type: "integer", minimum: 1 },
        },
        required: ["customer", "tier", "seats"],
        additionalProperties: false,
      },
    },
  },
];

/** A structured answer's schema, and what the model replies to it. */
const PASS_THROUGH_FORMAT = {
  type: "json_schema",
  json_schema: {
    name: "tier_summary",
    strict: true,
    schema: {
      type: "object",
      properties: {
        tier: { type: "integer" },
        segments: { type: "array", items: { type: "string" } },
        regions: { type: "array", items: { type: "string" } },
      },
      required: ["tier", "segments", "regions"],
      additionalProperties: false,
    },
  },
};
const PASS_THROUGH_TEXT = "The playbook targets mid-market logistics firms [1]. It names Germany first [1].";
const PASS_THROUGH_JSON = JSON.stringify({
  tier: 3,
  segments: ["segment 3", "segment 8"],
  regions: ["region 3"],
});

type PassThroughArm = { label: string; extra: Record<string, unknown> };

/** Plain chat completions first (the baseline), then with the caller's tools, then with a JSON schema. */
const PASS_THROUGH_ARMS: PassThroughArm[] = [
  { label: "plain", extra: {} },
  { label: "tools (2, tool_choice auto)", extra: { tools: PASS_THROUGH_TOOLS, tool_choice: "auto" } },
  { label: "response_format json_schema", extra: { response_format: PASS_THROUGH_FORMAT } },
];

type PassThroughFigures = {
  throughput: { arm: PassThroughArm; figures: Throughput }[];
  firstToken: {
    concurrency: number;
    arms: { arm: PassThroughArm; ours: Percentiles }[];
    model: Percentiles;
  }[];
};

/** Milliseconds until the first chunk carrying some of the answer's text (not the opening role chunk). */
async function timeToFirstContent(response: Promise<Response>, started: number): Promise<number> {
  const body = (await response).body;
  if (!body) throw new Error("no body");
  const decoder = new TextDecoder();
  let seen = "";
  let firstAt: number | undefined;
  for await (const piece of body) {
    if (firstAt !== undefined) continue;
    seen += decoder.decode(piece as Uint8Array, { stream: true });
    if (/"content":"[^"]/.test(seen)) firstAt = performance.now();
  }
  if (firstAt === undefined) throw new Error(`the stream ended without content: ${seen.slice(-300)}`);
  return firstAt - started;
}

/**
 * POST /api/v1/chat/completions of a public agent answering from the playbook, over the fake OpenAI server as the
 * configured chat model (its first token at once, so a first token measures our overhead): plain, with two tools and
 * with a JSON schema. Throughput (autocannon, whole answers) in alternating passes over the arms, then streamed first
 * tokens at 1 and 50 at once, the arms interleaved round by round, beside the model server measured alone.
 */
async function measurePassThrough(settings: PublicApiSettings): Promise<PassThroughFigures> {
  const model = await startFakeOpenAiServer();
  model.setChatScript({
    reply: (request) => (request.passed.response_format ? PASS_THROUGH_JSON : PASS_THROUGH_TEXT),
    pieceDelayMs: 0,
  });
  const api = await startBenchApi(chatModelEnvironment(model));
  try {
    const slug = await publicAgent(api);
    const url = `${api.url}/api/v1/chat/completions`;
    const bodyOf = (arm: PassThroughArm, slot: number, stream: boolean) => ({
      model: slug,
      messages: [
        { role: "user", content: `What does the sales playbook say about pricing tier ${slot % 5}?` },
      ],
      ...arm.extra,
      ...(stream ? { stream: true } : {}),
    });
    // Every arm must be answered as its kind is: text, or the model's JSON verbatim.
    for (const arm of PASS_THROUGH_ARMS) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(bodyOf(arm, 3, false)),
      });
      const completion = (await response.json()) as { choices?: { message?: { content?: string } }[] };
      const content = completion.choices?.[0]?.message?.content;
      const expected = arm.extra.response_format ? PASS_THROUGH_JSON : PASS_THROUGH_TEXT;
      if (response.status !== 200 || content !== expected)
        throw new Error(`${arm.label}: ${response.status} ${JSON.stringify(completion).slice(0, 300)}`);
    }
    // A warm-up pass over every arm (the server's code paths, the model client's connections), then the measured
    // passes, in turn forwards and backwards so that drift during a pass favours no arm.
    const warmUp = { ...settings, load: { ...settings.load, duration: 2 } };
    for (const arm of PASS_THROUGH_ARMS) await load(url, warmUp, bodyOf(arm, 3, false));
    const passes = PASS_THROUGH_ARMS.map(() => [] as Throughput[]);
    for (let pass = 0; pass < 2 * settings.passes; pass++) {
      const order = [...PASS_THROUGH_ARMS.keys()];
      if (pass % 2 === 1) order.reverse();
      for (const index of order) {
        const arm = PASS_THROUGH_ARMS[index];
        if (arm) passes[index]?.push(await load(url, settings, bodyOf(arm, 3, false), api.cpuMs));
      }
    }
    const streamed = (arm: PassThroughArm) => (slot: number) => {
      const started = performance.now();
      const response = fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(bodyOf(arm, slot, true)),
      });
      return timeToFirstContent(response, started);
    };
    const direct = () => directFirstToken(model);
    for (const arm of PASS_THROUGH_ARMS) await runRounds(4, 2, streamed(arm));
    await runRounds(4, 2, direct);
    const firstToken: PassThroughFigures["firstToken"] = [];
    for (const concurrency of [1, 50] as const) {
      const samples = PASS_THROUGH_ARMS.map(() => [] as number[]);
      const modelSamples: number[] = [];
      const round = (once: (slot: number) => Promise<number>) =>
        Promise.all(Array.from({ length: concurrency }, (_, slot) => once(slot)));
      for (let index = 0; index < settings.firstTokenRounds[concurrency]; index++) {
        // Each round starts with another arm, so no arm always runs right after the same one.
        for (let turn = 0; turn < PASS_THROUGH_ARMS.length; turn++) {
          const armIndex = (index + turn) % PASS_THROUGH_ARMS.length;
          const arm = PASS_THROUGH_ARMS[armIndex] as PassThroughArm;
          samples[armIndex]?.push(...(await round(streamed(arm))));
        }
        modelSamples.push(...(await round(direct)));
      }
      firstToken.push({
        concurrency,
        arms: PASS_THROUGH_ARMS.map((arm, index) => ({ arm, ours: percentiles(samples[index] ?? []) })),
        model: percentiles(modelSamples),
      });
    }
    // The model must have been offered what each arm passed through.
    const offered = model.chatRequests.filter((request) => request.status === 200);
    if (!offered.some((request) => request.passed.tools?.length === PASS_THROUGH_TOOLS.length))
      throw new Error("the tools never reached the model");
    if (!offered.some((request) => request.passed.response_format !== undefined))
      throw new Error("response_format never reached the model");
    return {
      throughput: PASS_THROUGH_ARMS.map((arm, index) => ({ arm, figures: meanOf(passes[index] ?? []) })),
      firstToken,
    };
  } finally {
    await api.stop();
    await model.close();
  }
}

export const PASS_THROUGH_THROUGHPUT_TITLE = (settings: PublicApiSettings = FULL_SETTINGS) =>
  `OpenAI-compatible endpoint with tools and structured output passed through: throughput (POST /api/v1/chat/completions of a public agent over a local OpenAI-speaking model server answering at once, autocannon ${settings.load.connections} connections, ${settings.load.duration} s x ${2 * settings.passes} passes after a warm-up, arms forwards then backwards; the API from source on PGlite)`;
export const PASS_THROUGH_FIRST_TOKEN_TITLE =
  "OpenAI-compatible endpoint with tools and structured output passed through: streamed time to first token (the same server, the model's first token at once, so the figure is our overhead; arms interleaved round by round, each round starting with the next arm)";

/** Both tables of the pass-through benchmark: throughput, then first token; one server and model for both. */
export async function publicPassThroughRows(
  settings: PublicApiSettings = FULL_SETTINGS,
): Promise<{ throughput: string[][]; firstToken: string[][] }> {
  const figures = await measurePassThrough(settings);
  const plain = figures.throughput[0]?.figures.requestsPerSecond ?? Number.NaN;
  const plainCpu = figures.throughput[0]?.figures.apiCpuMsPerCall ?? Number.NaN;
  const throughput = [
    [
      "POST /api/v1/chat/completions",
      "req/s",
      "p50 / p99",
      "of plain",
      "API CPU per call (of plain)",
      "cost (plain / arm req/s)",
      "target",
    ],
    ...figures.throughput.map(({ arm, figures: measured }, index) => {
      const cost = plain / measured.requestsPerSecond;
      const cpu = measured.apiCpuMsPerCall ?? Number.NaN;
      return [
        arm.label,
        `${Math.round(measured.requestsPerSecond)} (${measured.requests} calls)`,
        `${measured.p50LatencyMs.toFixed(0)} ms / ${measured.p99LatencyMs.toFixed(0)} ms`,
        index === 0 ? "-" : `${((measured.requestsPerSecond / plain) * 100).toFixed(1)}%`,
        `${cpu.toFixed(2)} ms${index === 0 ? "" : ` (${(cpu / plainCpu).toFixed(3)})`}`,
        index === 0 ? "-" : cost.toFixed(3),
        index === 0
          ? "baseline"
          : `<= ${PASS_THROUGH_TARGET} ${cost <= PASS_THROUGH_TARGET ? "met" : "NOT met"}`,
      ];
    }),
  ];
  const firstToken = [
    [
      "concurrent streams",
      "arm",
      "first token p50 / p99",
      "model server alone p50 / p99",
      "overhead p50 / p99",
      "overhead p50 of plain's",
      "target",
    ],
  ];
  for (const { concurrency, arms, model } of figures.firstToken) {
    const plainOverhead = (arms[0]?.ours.p50 ?? Number.NaN) - model.p50;
    for (const [index, { arm, ours }] of arms.entries()) {
      const overhead = { p50: ours.p50 - model.p50, p99: ours.p99 - model.p99 };
      const ratio = overhead.p50 / plainOverhead;
      firstToken.push([
        String(concurrency),
        arm.label,
        `${ms(ours.p50)} / ${ms(ours.p99)}`,
        `${ms(model.p50)} / ${ms(model.p99)}`,
        `${ms(overhead.p50)} / ${ms(overhead.p99)}`,
        index === 0 ? "-" : ratio.toFixed(3),
        index === 0
          ? "baseline"
          : `<= ${PASS_THROUGH_TARGET} ${ratio <= PASS_THROUGH_TARGET ? "met" : "NOT met"}`,
      ]);
    }
  }
  return { throughput, firstToken };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const pair = ({ p50, p99 }: Percentiles) => `p50 ${ms(p50)}, p99 ${ms(p99)}`;

export async function publicFirstTokenRows(settings: PublicApiSettings = FULL_SETTINGS): Promise<string[][]> {
  const figures = await measurePublicFirstToken(settings);
  return [
    [
      "concurrent streams",
      "POST /api/v1/chat/completions first token",
      "POST /api/chat first token",
      "model server alone",
      "v1 overhead p50 / p99 (chat's)",
      "target",
    ],
    ...figures.map(({ concurrency, openAi, chat, model }) => {
      const p50 = openAi.p50 - model.p50;
      const p99 = openAi.p99 - model.p99;
      const met = p50 <= FIRST_TOKEN_OVERHEAD_TARGET_MS && p99 <= FIRST_TOKEN_OVERHEAD_TARGET_MS;
      return [
        String(concurrency),
        pair(openAi),
        pair(chat),
        pair(model),
        `${ms(p50)} / ${ms(p99)} (${ms(chat.p50 - model.p50)} / ${ms(chat.p99 - model.p99)})`,
        `<= ${FIRST_TOKEN_OVERHEAD_TARGET_MS} ms ${met ? "met" : "NOT met"}`,
      ];
    }),
  ];
}

if (process.argv.includes(SERVE_FLAG)) {
  await serveApi();
} else if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes(PASS_THROUGH_FLAG)) {
  const settings = process.argv.includes("--quick") ? QUICK_SETTINGS : FULL_SETTINGS;
  const { throughput, firstToken } = await publicPassThroughRows(settings);
  printTable(PASS_THROUGH_THROUGHPUT_TITLE(settings), throughput);
  printTable(PASS_THROUGH_FIRST_TOKEN_TITLE, firstToken);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const settings = process.argv.includes("--quick") ? QUICK_SETTINGS : FULL_SETTINGS;
  printTable(
    `Public agent API throughput (autocannon, ${settings.load.connections} connections, ${settings.load.duration} s x ${settings.passes}, built-in responder, PGlite)`,
    await publicApiThroughputRows(settings),
  );
  printTable(
    `OpenAI-compatible stream, time to first token (model server's first token ${MODEL_FIRST_TOKEN_MS} ms)`,
    await publicFirstTokenRows(settings),
  );
}
