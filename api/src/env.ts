// The one place that reads process.env: validates every API setting with zod and returns a typed config.
import os from "node:os";
import path from "node:path";
import { MAX_UPLOAD_BYTES } from "@acp/contracts/knowledge";
import { defaultManifestUrl, REMOTE_NAMES, type RemoteName } from "@acp/contracts/remotes";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { repoRoot } from "./paths";

/** The five federated remotes the shell loads (spelled once, in @acp/contracts/remotes). */
export { REMOTE_NAMES, type RemoteName };

/** Vector stores this build can use (DESIGN 2): pgvector in the app's database, or a Pinecone serverless index. */
export const VECTOR_STORES = ["pgvector", "pinecone"] as const;
export type VectorStoreKind = (typeof VECTOR_STORES)[number];

/** Who makes embeddings: the built-in local embedder, or OpenAI / any OpenAI-compatible server. */
export const EMBEDDINGS_PROVIDERS = ["local", "openai"] as const;
export type EmbeddingsProvider = (typeof EMBEDDINGS_PROVIDERS)[number];

/** Who answers chat questions (DESIGN 2): the built-in grounded responder, or OpenAI / any OpenAI-compatible server. */
export const LLM_PROVIDERS = ["offline", "openai"] as const;
export const FINE_TUNE_PROVIDERS = ["built-in", "openai"] as const;
export type LlmProvider = (typeof LLM_PROVIDERS)[number];

/** pino's levels; `silent` logs nothing (the default under NODE_ENV=test). */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const REMOTE_ENV_KEYS = {
  "mf-dashboard": "REMOTES_MF_DASHBOARD",
  "mf-agents": "REMOTES_MF_AGENTS",
  "mf-knowledge": "REMOTES_MF_KNOWLEDGE",
  "mf-training": "REMOTES_MF_TRAINING",
  "mf-api": "REMOTES_MF_API",
} as const satisfies Record<RemoteName, string>;

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** An optional whole number within [min, max], with one message naming the range. */
function wholeNumber(min: number, max: number, unit?: string) {
  const message = `must be a whole number${unit ? ` of ${unit}` : ""} from ${min} to ${max}`;
  return optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,9}$/, message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message))
      .optional(),
  );
}

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes")
  .optional();

/** `true`/`yes` = one proxy, a number = that many proxies in front of the app, `false`/`0`/unset = none. */
const trustProxy = optionalString.pipe(
  z
    .string()
    .regex(/^(true|false|yes|no|\d{1,2})$/i, "must be true, false or the number of proxies in front (0-10)")
    .transform((value) => {
      const lower = value.toLowerCase();
      if (lower === "true" || lower === "yes") return 1;
      if (lower === "false" || lower === "no") return 0;
      return Number(lower);
    })
    .pipe(z.number().int().max(10, "must be true, false or the number of proxies in front (0-10)"))
    .optional(),
);

const manifestUrl = z
  .string()
  .trim()
  .refine((value) => value.startsWith("/") || URL.canParse(value), {
    error: "must be an absolute URL or a path starting with /",
  })
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: optionalString,
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
  ),
  DATA_DIR: optionalString,
  OIDC_ISSUER: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_PICTURE_ORIGINS: optionalString.pipe(
    z
      .string()
      .refine(
        (value) =>
          value.split(",").every((entry) => {
            const origin = entry.trim();
            return URL.canParse(origin) && new URL(origin).origin === origin && /^https?:/.test(origin);
          }),
        {
          error: "must be a comma-separated list of http(s) origins, e.g. https://lh3.googleusercontent.com",
        },
      )
      .optional(),
  ),
  SESSION_SECURE_COOKIE: booleanString,
  TRUST_PROXY: trustProxy,
  STATIC_ROOT: optionalString,
  REMOTES_MF_DASHBOARD: manifestUrl,
  REMOTES_MF_AGENTS: manifestUrl,
  REMOTES_MF_KNOWLEDGE: manifestUrl,
  REMOTES_MF_TRAINING: manifestUrl,
  REMOTES_MF_API: manifestUrl,
  LOG_LEVEL: optionalString.pipe(
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).optional(),
  ),
  WORKERS: wholeNumber(0, 64),
  EXTRACTION_PROCESSES: wholeNumber(1, 16),
  CHUNK_INDEX_MB: wholeNumber(16, 100_000, "megabytes"),
  UPLOAD_SPOOL_DIR: optionalString,
  URL_FETCH_ALLOW_CIDRS: optionalString.pipe(
    z
      .string()
      .refine((value) => value.split(",").every((cidr) => ipaddr.isValidCIDR(cidr.trim())), {
        error: "must be a comma-separated list of CIDR ranges, e.g. 10.20.0.0/16",
      })
      .optional(),
  ),
  VECTOR_STORE: optionalString.pipe(
    z.enum(VECTOR_STORES, { error: "must be pgvector or pinecone" }).optional(),
  ),
  PINECONE_API_KEY: optionalString,
  PINECONE_INDEX: optionalString,
  PINECONE_INDEX_HOST: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PINECONE_CONTROLLER_HOST: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  EMBEDDINGS_PROVIDER: optionalString.pipe(
    z.enum(EMBEDDINGS_PROVIDERS, { error: "must be local or openai" }).optional(),
  ),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OPENAI_EMBEDDING_MODEL: optionalString,
  LLM_PROVIDER: optionalString.pipe(z.enum(LLM_PROVIDERS, { error: "must be offline or openai" }).optional()),
  OPENAI_CHAT_MODEL: optionalString,
  FINE_TUNE_PROVIDER: optionalString.pipe(
    z.enum(FINE_TUNE_PROVIDERS, { error: "must be built-in or openai" }).optional(),
  ),
  OPENAI_FINE_TUNE_MODEL: optionalString,
  OPENAI_CHAT_CONTEXT_TOKENS: wholeNumber(1024, 10_000_000, "tokens"),
  CHAT_TIMEOUT_MS: wholeNumber(1000, 3_600_000, "milliseconds"),
  CHAT_IDLE_TIMEOUT_MS: wholeNumber(1000, 3_600_000, "milliseconds"),
  MEMORY_LOG_INTERVAL_MS: wholeNumber(1000, 86_400_000, "milliseconds"),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .refine((value) => /^rediss?:\/\//.test(value) && URL.canParse(value), {
        error: "must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379",
      })
      .optional(),
  ),
  PUBLIC_RATE_LIMIT_PER_HOUR: wholeNumber(1, 1_000_000, "requests"),
});

export type OidcConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** openid-client refuses plain http; we allow it only for a provider on this machine (tests, local Keycloak). */
  allowInsecureRequests: boolean;
  /**
   * Origins profile pictures may come from (OIDC_PICTURE_ORIGINS, default: the issuer's): the CSP's img-src allows
   * exactly these, and a picture claim from anywhere else is dropped for the initials avatar.
   */
  pictureOrigins: string[];
};

export type AppConfig = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  /** Where browsers reach the app, e.g. https://acp.example.com (no trailing slash). */
  publicUrl: string;
  /** The origin of publicUrl: the value cookie-authenticated mutations must carry in Origin. */
  publicOrigin: string;
  databaseUrl: string | undefined;
  dataDir: string;
  oidc: OidcConfig | undefined;
  sessionSecureCookie: boolean;
  /**
   * How many reverse proxies stand in front of the app (TRUST_PROXY). 0: the client IP is the socket's peer and
   * X-Forwarded-For is ignored (anyone could forge it). n: the client is the n-th X-Forwarded-For entry from the
   * right, the one our own outermost proxy appended.
   */
  trustProxyHops: number;
  staticRoot: string;
  /** Remote name -> mf-manifest.json URL, as /remotes.json returns it. */
  remotes: Record<RemoteName, string>;
  /** Where embeddings live: pgvector inside the app's own database (PGlite or PostgreSQL with the extension). */
  vectorStore: VectorStoreKind;
  /** VECTOR_STORE=pinecone: PINECONE_API_KEY, PINECONE_INDEX, and optional hosts (tests, private endpoints). */
  pinecone: { apiKey: string; indexName: string; indexHost?: string; controllerHostUrl?: string } | undefined;
  /** EMBEDDINGS_PROVIDER: `local` (default) or `openai` with OPENAI_API_KEY / OPENAI_BASE_URL / OPENAI_EMBEDDING_MODEL. */
  embeddings:
    | { provider: "local" }
    | { provider: "openai"; apiKey: string; baseUrl: string | undefined; model: string };
  /**
   * LLM_PROVIDER: `offline` (default, the built-in grounded responder) or `openai` with OPENAI_API_KEY /
   * OPENAI_BASE_URL, OPENAI_CHAT_MODEL (the default model; an agent may name another), OPENAI_CHAT_CONTEXT_TOKENS
   * (the model's context window, which history is trimmed to), CHAT_TIMEOUT_MS (a whole answer at most) and
   * CHAT_IDLE_TIMEOUT_MS (silence between streamed pieces at most: a stalled stream fails instead of hanging).
   */
  chat:
    | { provider: "offline" }
    | {
        provider: "openai";
        apiKey: string;
        baseUrl: string | undefined;
        model: string;
        contextTokens: number;
        timeoutMs: number;
        idleTimeoutMs: number;
      };
  /**
   * FINE_TUNE_PROVIDER: `built-in` (default: the CPU trainer, a re-ranker for the agent's retrieval) or `openai`
   * (OpenAI's fine-tuning jobs on OPENAI_FINE_TUNE_MODEL, questions generated by OPENAI_CHAT_MODEL, with
   * OPENAI_API_KEY / OPENAI_BASE_URL); the fine-tuned model then answers the agent's chat.
   */
  fineTune:
    | { provider: "built-in" }
    | {
        provider: "openai";
        apiKey: string;
        baseUrl: string | undefined;
        baseModel: string;
        questionModel: string;
        /** How often the fine-tuning job is polled (15 s; tests poll faster). */
        pollIntervalMs: number;
      };
  /** WORKERS: ingestion jobs this process runs at once (0: none, leave them to `npm run worker` processes; PostgreSQL only). */
  workers: number;
  /** EXTRACTION_PROCESSES: pooled extraction child processes at most (default min(2, available cores)). */
  extractionProcesses: number;
  /**
   * CHUNK_INDEX_MB: memory for users' in-memory search indexes (BM25 postings and the built-in embedder's quantised
   * vectors) before the least recently searched are dropped (they are rebuilt from the database on their next
   * search). One user's index is kept whatever its size.
   */
  chunkIndexMb: number;
  /** Uploads: the per-file limit (413 beyond it) and where files are spooled while they stream in (UPLOAD_SPOOL_DIR). */
  upload: { maxFileBytes: number; spoolDir: string };
  /** URL data sources: ranges opened despite being private (URL_FETCH_ALLOW_CIDRS), e.g. an intranet wiki. */
  urlFetch: { allowCidrs: string[] };
  /** LOG_LEVEL: how much the JSON logs on stdout say (info by default, silent in tests). */
  logLevel: LogLevel;
  /** MEMORY_LOG_INTERVAL_MS: log the process's memory (RSS, V8 heap) at this interval; unset, never. */
  memoryLogIntervalMs: number | undefined;
  /**
   * REDIS_URL: rate-limit counters (sign-in throttles, per-key and per-IP hourly limits) live in this Redis, shared
   * by every API instance; unset, they live in this process's memory (one instance). `keyPrefix` namespaces every
   * counter key (tests use their own).
   */
  redis: { url: string; keyPrefix: string } | undefined;
  /**
   * PUBLIC_RATE_LIMIT_PER_HOUR: requests per hour one client IP may make to public agents without a key (100 by
   * default); keyed calls count against their key's own limit instead.
   */
  publicRateLimitPerHour: number;
};

/** Redis keys of this app start with this, so one Redis can serve other software beside it. */
export const REDIS_KEY_PREFIX = "acp:";

/** Public agent calls per client IP per hour unless PUBLIC_RATE_LIMIT_PER_HOUR says otherwise. */
export const DEFAULT_PUBLIC_RATE_LIMIT_PER_HOUR = 100;

export class ConfigError extends Error {
  override name = "ConfigError";
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** What a child process of the API needs from this one's environment to start (tests spawn servers with it). */
export function childProcessBaseEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" };
}

/**
 * Variables an extraction child process inherits (allow-list): enough for Node to start, find temp space, and format
 * dates and text as the API does. Nothing else: a parser exploited by a hostile file must find no DATABASE_URL,
 * API keys, client secrets or tokens in its environment.
 */
export const EXTRACTION_CHILD_ENV_NAMES = [
  "PATH",
  "HOME",
  "TMPDIR",
  "TMP",
  "TEMP",
  "LANG",
  "LC_ALL",
  "LC_CTYPE",
  "TZ",
  "NODE_ENV",
  // Windows cannot start a process without these.
  "SYSTEMROOT",
  "WINDIR",
] as const;

/** The environment an extraction child process is started with: the allowed variables of this one's, nothing else. */
export function extractionChildEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of EXTRACTION_CHILD_ENV_NAMES) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/** Validates an environment (process.env by default) into the API's config, or throws one readable ConfigError. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const vectorStore = env.VECTOR_STORE ?? "pgvector";
  if (vectorStore === "pinecone" && (!env.PINECONE_API_KEY || !env.PINECONE_INDEX)) {
    throw new ConfigError(
      "Invalid environment:\n  PINECONE_API_KEY, PINECONE_INDEX: both required when VECTOR_STORE=pinecone",
    );
  }
  const embeddingsProvider = env.EMBEDDINGS_PROVIDER ?? "local";
  // A compatible server on your own network (Ollama, vLLM) may need no key; OpenAI itself always does.
  if (embeddingsProvider === "openai" && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
    throw new ConfigError(
      "Invalid environment:\n  OPENAI_API_KEY: required when EMBEDDINGS_PROVIDER=openai (or set OPENAI_BASE_URL)",
    );
  }
  const llmProvider = env.LLM_PROVIDER ?? "offline";
  if (llmProvider === "openai" && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
    throw new ConfigError(
      "Invalid environment:\n  OPENAI_API_KEY: required when LLM_PROVIDER=openai (or set OPENAI_BASE_URL)",
    );
  }
  const fineTuneProvider = env.FINE_TUNE_PROVIDER ?? "built-in";
  if (fineTuneProvider === "openai" && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
    throw new ConfigError(
      "Invalid environment:\n  OPENAI_API_KEY: required when FINE_TUNE_PROVIDER=openai (or set OPENAI_BASE_URL)",
    );
  }
  // Only this process can open an embedded database, so with no workers of its own nothing would ever run the jobs.
  if (env.WORKERS === 0 && !env.DATABASE_URL) {
    throw new ConfigError(
      "Invalid environment:\n  WORKERS=0 needs PostgreSQL (DATABASE_URL): with the embedded PGlite database no other process can run ingestion jobs, so uploads would wait forever.",
    );
  }
  const production = env.NODE_ENV === "production";
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const publicOrigin = new URL(publicUrl).origin;

  if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
    throw new ConfigError("Invalid environment:\n  OIDC_CLIENT_ID: required when OIDC_ISSUER is set");
  }
  const oidc: OidcConfig | undefined =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
          allowInsecureRequests: LOOPBACK_HOSTS.has(new URL(env.OIDC_ISSUER).hostname),
          pictureOrigins: env.OIDC_PICTURE_ORIGINS
            ? env.OIDC_PICTURE_ORIGINS.split(",").map((origin) => origin.trim())
            : [new URL(env.OIDC_ISSUER).origin],
        }
      : undefined;

  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, env[REMOTE_ENV_KEYS[name]] ?? defaultManifestUrl(name)]),
  ) as Record<RemoteName, string>;

  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST ?? (production ? "0.0.0.0" : "127.0.0.1"),
    publicUrl,
    publicOrigin,
    databaseUrl: env.DATABASE_URL,
    dataDir:
      env.DATA_DIR === "memory://"
        ? env.DATA_DIR
        : path.resolve(env.DATA_DIR ?? path.join(repoRoot, ".data", "pglite")),
    oidc,
    sessionSecureCookie: env.SESSION_SECURE_COOKIE ?? (production || publicUrl.startsWith("https:")),
    trustProxyHops: env.TRUST_PROXY ?? 0,
    staticRoot: path.resolve(env.STATIC_ROOT ?? repoRoot),
    remotes,
    vectorStore,
    pinecone:
      vectorStore === "pinecone" && env.PINECONE_API_KEY && env.PINECONE_INDEX
        ? {
            apiKey: env.PINECONE_API_KEY,
            indexName: env.PINECONE_INDEX,
            ...(env.PINECONE_INDEX_HOST ? { indexHost: env.PINECONE_INDEX_HOST } : {}),
            ...(env.PINECONE_CONTROLLER_HOST ? { controllerHostUrl: env.PINECONE_CONTROLLER_HOST } : {}),
          }
        : undefined,
    embeddings:
      embeddingsProvider === "openai"
        ? {
            provider: "openai",
            apiKey: env.OPENAI_API_KEY ?? "no-key",
            baseUrl: env.OPENAI_BASE_URL,
            model: env.OPENAI_EMBEDDING_MODEL ?? "text-embedding-3-small",
          }
        : { provider: "local" },
    chat:
      llmProvider === "openai"
        ? {
            provider: "openai",
            apiKey: env.OPENAI_API_KEY ?? "no-key",
            baseUrl: env.OPENAI_BASE_URL,
            model: env.OPENAI_CHAT_MODEL ?? "gpt-4o-mini",
            contextTokens: env.OPENAI_CHAT_CONTEXT_TOKENS ?? 128_000,
            timeoutMs: env.CHAT_TIMEOUT_MS ?? 90_000,
            idleTimeoutMs: env.CHAT_IDLE_TIMEOUT_MS ?? 30_000,
          }
        : { provider: "offline" },
    fineTune:
      fineTuneProvider === "openai"
        ? {
            provider: "openai",
            apiKey: env.OPENAI_API_KEY ?? "no-key",
            baseUrl: env.OPENAI_BASE_URL,
            baseModel: env.OPENAI_FINE_TUNE_MODEL ?? "gpt-4o-mini-2024-07-18",
            questionModel: env.OPENAI_CHAT_MODEL ?? "gpt-4o-mini",
            pollIntervalMs: 15_000,
          }
        : { provider: "built-in" },
    workers: env.WORKERS ?? 2,
    extractionProcesses: env.EXTRACTION_PROCESSES ?? Math.max(1, Math.min(2, os.availableParallelism())),
    chunkIndexMb: env.CHUNK_INDEX_MB ?? 1024,
    upload: { maxFileBytes: MAX_UPLOAD_BYTES, spoolDir: path.resolve(env.UPLOAD_SPOOL_DIR ?? os.tmpdir()) },
    urlFetch: {
      allowCidrs: (env.URL_FETCH_ALLOW_CIDRS ?? "")
        .split(",")
        .map((cidr) => cidr.trim())
        .filter(Boolean),
    },
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    memoryLogIntervalMs: env.MEMORY_LOG_INTERVAL_MS,
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: REDIS_KEY_PREFIX } : undefined,
    publicRateLimitPerHour: env.PUBLIC_RATE_LIMIT_PER_HOUR ?? DEFAULT_PUBLIC_RATE_LIMIT_PER_HOUR,
  };
}
