// What every client file of the compatibility suite shares: the built product on PGlite with no chat model configured
// (the built-in offline responder answers), an account with a public custom agent answering from a price list, a key,
// and ways to run a documented example as written, to time a call and to spend a key's hourly limit.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { API_KEY_PREFIX } from "@acp/contracts/api-access";
import { type ClientExampleId, clientExample, KEY_VARIABLE } from "@acp/contracts/client-examples";
import { type AppServer, startAppServer } from "../support/app-server";
import { inheritedEnvironment } from "../support/env";
import {
  createApiKeyOverHttp,
  createPublicAgentWithNote,
  type Owner,
  signUpOverHttp,
} from "../support/public-api-fixture";

export const QUESTION = "What does the Team plan cost per seat?";
/** What a correct answer to QUESTION contains. */
export const ANSWER_FACT = /49 dollars/;
/** An earlier turn, for multi-turn conversations. */
export const EARLIER_QUESTION = "What does the Enterprise plan include?";
export const EARLIER_ANSWER = "The Enterprise plan includes single sign-on. [1]";
export const SYSTEM_MESSAGE = "Answer in one short paragraph and cite the price list.";

/** The agent's only knowledge: the price list, and the plan the documented examples ask about. */
const NOTE = [
  "Pricing 2027. The Team plan costs 49 dollars per seat per month, billed annually. The Enterprise plan starts at 1,200 dollars per month and includes single sign-on.",
  "",
  "Q3 go-to-market plan: launch the Team plan in Germany in July, run two partner webinars in August and close ten Enterprise pilots by the end of September.",
].join("\n");

/** A citation marker in an answer: "[1]". */
export const CITATION = /\[\d+\]/;

export type ClientSuite = {
  server: AppServer;
  /** The server's origin, "http://127.0.0.1:PORT". */
  origin: string;
  /** What OpenAI-compatible clients are pointed at: origin + "/api/v1". */
  baseURL: string;
  owner: Owner;
  /** A key of the agent's owner (API_KEY_PREFIX format), unrestricted, at the default hourly limit. */
  key: string;
  /** The public agent's endpoint slug: the model name. */
  model: string;
  /** A temporary folder inside e2e/clients, so examples written there resolve the e2e workspace's packages. */
  examplesDir: string;
  stop: () => Promise<void>;
};

const clientsDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * One server per file: start it, sign up, create the public agent with its note and a key. `env` adds variables
 * (a configured chat model: LLM_PROVIDER, OPENAI_BASE_URL...).
 */
export async function startClientSuite(env: Record<string, string> = {}): Promise<ClientSuite> {
  const server = await startAppServer({ LOG_LEVEL: "warn", ...env });
  try {
    const owner = await signUpOverHttp(server.url);
    const agent = await createPublicAgentWithNote(owner, {
      name: "Pricing Desk",
      systemPrompt: "You answer pricing and go-to-market questions from the price list.",
      note: NOTE,
      noteName: "price-list",
    });
    const key = await createApiKeyOverHttp(owner, { name: "compatibility suite" });
    const examplesDir = await mkdtemp(path.join(clientsDir, ".examples-"));
    return {
      server,
      origin: server.url,
      baseURL: `${server.url}/api/v1`,
      owner,
      key,
      model: agent.apiEndpoint,
      examplesDir,
      stop: async () => {
        await rm(examplesDir, { recursive: true, force: true });
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** A key in our format that no account has: the server must answer 401 invalid_api_key, never anonymous. */
export function wrongKeyInOurFormat(): string {
  return `${API_KEY_PREFIX}${randomBytes(26).toString("hex").slice(0, 52)}`;
}

/** What Ollama and vLLM users type where a key is required: not our format, so a public agent answers it. */
export const PLACEHOLDER_KEY = "sk-no-key";

/** A model name no agent has. */
export const UNKNOWN_MODEL = "agent-that-does-not-exist";

/**
 * A new key limited to one call an hour, its one call already spent: the next call is a 429 whose window (about an
 * hour) is longer than any client should wait, so the server says retry-after-ms and x-should-retry: false.
 */
export async function spentKey(suite: ClientSuite): Promise<string> {
  const key = await createApiKeyOverHttp(suite.owner, { name: "one an hour", rateLimitPerHour: 1 });
  const response = await fetch(`${suite.baseURL}/models`, { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`spending the key: ${response.status} ${await response.text()}`);
  const refused = await fetch(`${suite.baseURL}/models`, { headers: { authorization: `Bearer ${key}` } });
  if (refused.status !== 429) throw new Error(`the key is not spent: ${refused.status}`);
  return key;
}

/** How long a call takes to settle, and how: its value or its error. */
export async function timed<T>(
  call: () => Promise<T>,
): Promise<{ ms: number; value?: T; error?: unknown; failed: boolean }> {
  const started = performance.now();
  try {
    const value = await call();
    return { ms: performance.now() - started, value, failed: false };
  } catch (error) {
    return { ms: performance.now() - started, error, failed: true };
  }
}

/** The error a call throws; fails the test when it does not throw. */
export async function rejectionOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

/** A field of an error object (status, code, param...), whatever class it is. */
export function field(error: unknown, name: string): unknown {
  return typeof error === "object" && error !== null ? (error as Record<string, unknown>)[name] : undefined;
}

/** OpenAI's error body `{ error: { message, type, code, param } }`, parsed from a raw response body. */
export function openAiErrorIn(body: unknown): {
  message?: string;
  type?: string;
  code?: string;
  param?: string;
} {
  const parsed = typeof body === "string" ? (JSON.parse(body) as unknown) : body;
  return (field(parsed, "error") ?? {}) as { message?: string; type?: string; code?: string; param?: string };
}

export type ExampleRun = { exitCode: number | null; stdout: string; stderr: string; ms: number };

/**
 * Writes a documented example as the documentation shows it (this server's origin, the agent's slug) to a .mjs in the
 * suite's folder and runs it with node and ACP_API_KEY set, as a person who pasted it would.
 */
export async function runDocumentedExample(
  suite: ClientSuite,
  id: ClientExampleId,
  timeoutMs = 30_000,
): Promise<ExampleRun> {
  const code = clientExample(id).code(suite.origin, suite.model);
  const file = path.join(suite.examplesDir, `${id}-${randomBytes(4).toString("hex")}.mjs`);
  await writeFile(file, code);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], {
      cwd: suite.examplesDir,
      env: { ...inheritedEnvironment(), [KEY_VARIABLE]: suite.key, OPENAI_API_KEY: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/**
 * Every documented example prints the plain answer, then the streamed one and a newline: the server streams exactly
 * the answer it gives whole, so the output is one answer twice. That answer.
 */
export function answerPrintedTwice(stdout: string): string {
  const half = stdout.slice(0, stdout.length / 2);
  if (stdout.length % 2 !== 0 || `${half}${half}` !== stdout)
    throw new Error(`expected the same answer twice (plain, then streamed):\n${stdout}`);
  return half.trim();
}

/** Collects unhandled rejections while a case runs (an abort must not leave one behind). */
export function watchUnhandledRejections(): { reasons: unknown[]; stop: () => void } {
  const reasons: unknown[] = [];
  const listener = (reason: unknown) => {
    reasons.push(reason);
  };
  process.on("unhandledRejection", listener);
  return { reasons, stop: () => process.off("unhandledRejection", listener) };
}

/** The delay after an abort within which a stream must have ended, and a 429 must have surfaced. */
export const PROMPT_MS = 1_000;

/** How long the slow relay holds each server-sent event: the offline answer's rest then takes seconds to arrive. */
export const RELAY_EVENT_DELAY_MS = 400;

export type SlowRelay = {
  /** What a client is pointed at instead of the server's: relay origin + "/api/v1". */
  baseURL: string;
  /** Streams whose caller hung up before the last event was passed on. */
  abandonedStreams: () => number;
  stop: () => Promise<void>;
};

async function bodyOf(request: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return parts.length ? new Uint8Array(Buffer.concat(parts)) : undefined;
}

/**
 * A relay in front of the server that passes answers on as they are but holds each event of a stream for
 * RELAY_EVENT_DELAY_MS: the offline responder writes its whole stream at once, and a client aborting after the first
 * piece must be seen to stop while the stream is still open, not merely to stop reading a finished one.
 */
export async function startSlowRelay(suite: ClientSuite): Promise<SlowRelay> {
  let abandoned = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const upstream = new AbortController();
      let streaming = false;
      let finished = false;
      response.once("close", () => {
        if (streaming && !finished) abandoned += 1;
        upstream.abort();
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (name === "host" || name === "content-length" || name === "connection" || value === undefined)
          continue;
        headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      const body = await bodyOf(request);
      const answer = await fetch(`${suite.origin}${request.url}`, {
        method: request.method ?? "GET",
        headers,
        ...(body ? { body } : {}),
        signal: upstream.signal,
      });
      const passed: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (name !== "content-length" && name !== "content-encoding" && name !== "transfer-encoding")
          passed[name] = value;
      });
      response.writeHead(answer.status, passed);
      streaming = (answer.headers.get("content-type") ?? "").startsWith("text/event-stream");
      if (!streaming || !answer.body) {
        response.end(Buffer.from(await answer.arrayBuffer()));
        return;
      }
      const decoder = new TextDecoder();
      let pending = "";
      for await (const piece of answer.body) {
        pending += decoder.decode(piece as Uint8Array, { stream: true });
        for (let end = pending.indexOf("\n\n"); end >= 0; end = pending.indexOf("\n\n")) {
          if (response.destroyed) return;
          response.write(pending.slice(0, end + 2));
          pending = pending.slice(end + 2);
          await new Promise((resolve) => setTimeout(resolve, RELAY_EVENT_DELAY_MS));
        }
      }
      finished = true;
      response.end(pending);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/api/v1`,
    abandonedStreams: () => abandoned,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
/**
 * A 429 must surface within this: the server's window is an hour, so a client that honours x-should-retry: false
 * fails at once; one that ignores it (the AI SDK) backs off twice (2 s, then 4 s) before giving up.
 */
export const RATE_LIMIT_SURFACES_WITHIN_MS = 10_000;
