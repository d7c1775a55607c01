// Drizzle tables for users, auth and every spec entity; the same schema and migrations run on PGlite and PostgreSQL.

import { BUILT_IN_AGENT_IDS, type BuiltInAgentId } from "@acp/contracts/agents";
import {
  type AnswerTrace,
  type ChatSource,
  type MessageStatus,
  messageStatusSchema,
} from "@acp/contracts/chat";
import { AGENT_TEMPERATURE, AGENT_TOP_K, API_KEY_RATE_LIMIT_PER_HOUR } from "@acp/contracts/constants";
import {
  type AgentType,
  agentTypeSchema,
  messageRoleSchema,
  type TrainingJob,
  trainingJobStatusSchema,
  trainingStatusSchema,
} from "@acp/contracts/entities";
import { type ChunkLocation, DOCUMENT_STAGES, type DocumentStage } from "@acp/contracts/knowledge";
import {
  type DatasetReport,
  type EpochMetrics,
  type RankingMetrics,
  TRAINING_PROVIDERS,
  TRAINING_TARGETS,
  type TrainingJobSummary,
  type TrainingOutcome,
  type TrainingProvider,
} from "@acp/contracts/training";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const id = () =>
  text()
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Every per-user row belongs to one user and disappears with them. */
const ownerId = () =>
  text()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

export const users = pgTable("users", {
  id: id(),
  /** Stored lower-cased; null for an OIDC identity that shares no email. */
  email: text().unique(),
  firstName: text(),
  lastName: text(),
  /** Null means "draw an initials avatar" (see auth/initials-avatar.ts). */
  profileImageUrl: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Lucia-style sessions: the id is the SHA-256 (hex) of the cookie token, never the token itself. */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: ownerId(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * The raw ID token of an OIDC sign-in, sent back to the provider as `id_token_hint` on logout (RP-initiated
     * logout) so it ends its own session too. Null for built-in accounts. Never accepted as a credential here.
     */
    oidcIdToken: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
);

/** Built-in accounts: one argon2id hash per user. */
export const passwordCredentials = pgTable("password_credentials", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  passwordHash: text().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Links an OpenID Connect identity (issuer + subject) to a user. */
export const oidcAccounts = pgTable(
  "oidc_accounts",
  {
    id: id(),
    userId: ownerId(),
    issuer: text().notNull(),
    subject: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.issuer, t.subject), index().on(t.userId)],
);

export const trainingJobs = pgTable(
  "training_jobs",
  {
    id: id(),
    userId: ownerId(),
    name: text().notNull(),
    /** One of the spec's model types, or "custom" for a custom agent's training (customAgentId names it). */
    modelType: text().$type<TrainingJobSummary["modelType"]>().notNull(),
    /** The custom agent this job trains (its trainingStatus follows the job); deleted with the agent. */
    customAgentId: text().references(() => customAgents.id, { onDelete: "cascade" }),
    provider: text().$type<TrainingProvider>().notNull().default("built-in"),
    epochs: integer().$type<TrainingJob["epochs"]>().notNull(),
    /** Seed of the dataset split and the trainer: the same knowledge and seed train the same model. */
    seed: integer().notNull().default(1),
    status: text().$type<TrainingJob["status"]>().notNull().default("pending"),
    progress: integer().notNull().default(0),
    currentEpoch: integer().notNull().default(0),
    /** Why a job failed, shown to the user. */
    error: text(),
    /** The dataset check made before training. */
    dataset: jsonb().$type<DatasetReport>(),
    /** The untrained agent on the validation pairs, measured before the first epoch. */
    baseline: jsonb().$type<RankingMetrics>(),
    epochMetrics: jsonb().$type<EpochMetrics[]>().notNull().default([]),
    outcome: jsonb().$type<TrainingOutcome>(),
    /** OpenAI: the uploaded training file and the fine-tuning job followed. */
    externalFileId: text(),
    externalJobId: text(),
    /** Set by a cancel; the worker stops at its next check and fails the job saying so. */
    cancelRequestedAt: timestamp({ withTimezone: true }),
    /** Written by the worker while it runs: a running job without a recent heartbeat belongs to a dead worker. */
    heartbeatAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId, t.status),
    index().on(t.customAgentId),
    // One pending or running job per user (issue 22): a second insert fails, even from two requests at once.
    uniqueIndex("training_jobs_one_active_per_user")
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'running')`),
    check("training_jobs_progress_range", sql`${t.progress} between 0 and 100`),
    // Value lists come from @acp/contracts, so the database refuses what the API would never return.
    check("training_jobs_model_type_values", sql`${t.modelType} in (${inList(TRAINING_TARGETS)})`),
    check("training_jobs_status_values", sql`${t.status} in (${inList(trainingJobStatusSchema.options)})`),
    check("training_jobs_provider_values", sql`${t.provider} in (${inList(TRAINING_PROVIDERS)})`),
  ],
);

/**
 * What training left for an agent to use: the built-in trainer's re-ranker (artifact) or an OpenAI fine-tuned model
 * (modelId). One row per user, agent and kind; a newer job that beats the untrained agent replaces it.
 */
export const agentTrainedModels = pgTable(
  "agent_trained_models",
  {
    id: id(),
    userId: ownerId(),
    /** A built-in agent's id (gtm, legal, vision) or a custom agent's id. */
    agentKey: text().notNull(),
    kind: text().$type<"reranker" | "fine-tuned-chat">().notNull(),
    artifact: bytea(),
    modelId: text(),
    trainingJobId: text().references(() => trainingJobs.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.userId, t.agentKey, t.kind),
    check("agent_trained_models_kind_values", sql`${t.kind} in ('reranker', 'fine-tuned-chat')`),
  ],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    userId: ownerId(),
    name: text().notNull(),
    /** SHA-256 of the full key; the key itself is shown once and never stored. */
    keyHash: text().notNull().unique(),
    keyPreview: text().notNull(),
    isActive: boolean().notNull().default(true),
    lastUsed: timestamp({ withTimezone: true }),
    /** After this moment the key is refused; null = no expiry. */
    expiresAt: timestamp({ withTimezone: true }),
    /** Custom agent ids or built-in agent types the key may call; null = every agent of its owner. */
    allowedAgentIds: text().array(),
    /** Requests per hour the key may make (enforced by the limiter). */
    rateLimitPerHour: integer().notNull().default(API_KEY_RATE_LIMIT_PER_HOUR),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId), check("api_keys_rate_limit_positive", sql`${t.rateLimitPerHour} > 0`)],
);

/** Where a document came from: an uploaded file, or a data source (text, web page). */
const DOCUMENT_SOURCES = ["upload", "text", "url"] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

/** When each pipeline stage started and finished (DocumentDetail.timings). */
export type StageTiming = { stage: DocumentStage; startedAt: string; finishedAt: string | null };

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const documents = pgTable(
  "documents",
  {
    id: id(),
    userId: ownerId(),
    originalName: text().notNull(),
    name: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    status: text().$type<"processing" | "completed" | "failed">().notNull().default("processing"),
    category: text(),
    agentId: text(),
    /** Why processing failed, in words a user understands. */
    error: text(),
    /** Pipeline stage (DOCUMENT_STAGES); `status` stays the spec's processing/completed/failed. */
    stage: text().$type<DocumentStage>().notNull().default("queued"),
    /** 0-100 across every stage. */
    progress: integer().notNull().default(0),
    /** SHA-256 (hex) of the original bytes: the same file for the same user and agent is a duplicate. */
    sha256: text(),
    source: text().$type<DocumentSource>().notNull().default("upload"),
    /** The page a `url` source was fetched from. */
    sourceUrl: text(),
    /** Lower-case extension the content was sniffed as (pdf, docx, txt, ...). */
    fileType: text(),
    chunkCount: integer().notNull().default(0),
    /** Id of the embedder that made the vectors, e.g. `local-1536`. */
    embedder: text(),
    timings: jsonb().$type<StageTiming[]>().notNull().default([]),
    /** How many times a worker has started on this document. */
    attempts: integer().notNull().default(0),
    /** Last sign of life from the worker processing it; a stale one is swept (see jobs/sweeper.ts). */
    heartbeatAt: timestamp({ withTimezone: true }),
    /** The pg-boss job currently responsible for it. */
    jobId: text(),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId, t.agentId),
    index().on(t.status, t.heartbeatAt),
    // No agent counts as one agent ("" below); rows without a hash (older rows) are never duplicates.
    uniqueIndex("documents_user_agent_sha256").on(t.userId, sql`coalesce(${t.agentId}, '')`, t.sha256),
    check("documents_status_values", sql`${t.status} in ('processing', 'completed', 'failed')`),
    check("documents_stage_values", sql`${t.stage} in (${inList(DOCUMENT_STAGES)})`),
    check("documents_source_values", sql`${t.source} in (${inList(DOCUMENT_SOURCES)})`),
    check("documents_progress_range", sql`${t.progress} between 0 and 100`),
    check("documents_size_nonnegative", sql`${t.size} >= 0`),
    check("documents_chunk_count_nonnegative", sql`${t.chunkCount} >= 0`),
  ],
);

/** Original bytes of a document, in ~1 MiB pieces, so any worker reaches them with only the database settings. */
export const documentBlobs = pgTable(
  "document_blobs",
  {
    documentId: text()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    seq: integer().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.seq] })],
);

/** What extraction found, page by page or sheet by sheet, cut to a preview for the document detail view. */
export const documentParts = pgTable(
  "document_parts",
  {
    documentId: text()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    seq: integer().notNull(),
    label: text().notNull(),
    location: jsonb().$type<ChunkLocation | null>(),
    text: text().notNull(),
    truncated: boolean().notNull().default(false),
    hasText: boolean().notNull().default(true),
    ocr: boolean().notNull().default(false),
    /** For a table part: the spreadsheet (or CSV) row number of each preview line, in order; null otherwise. */
    lineNumbers: integer().array(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.seq] })],
);

/**
 * RETRIEVAL: a document's chunks with their text (the lexical leg searches it whatever the vector store) and the
 * term counts of their lexemes. The id is `<documentId>:<chunkIndex>`, the same as the chunk's vector id. Triggers
 * (migration 0007's custom part) keep lexical_scopes in step on every insert and delete, cascades included.
 */
export const documentChunks = pgTable(
  "document_chunks",
  {
    id: text().primaryKey(),
    userId: ownerId(),
    documentId: text()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    agentId: text(),
    category: text(),
    chunkIndex: integer().notNull(),
    text: text().notNull(),
    location: jsonb().$type<ChunkLocation | null>(),
    tokenCount: integer().notNull(),
    /** The embedder that made the chunk's current vector (null until it is embedded). */
    embedder: text(),
    /** Tokens of the text's tsvector (BM25's document length). */
    lexicalLength: integer().notNull(),
    /**
     * Lexeme -> occurrences (BM25's term frequency) of the text's tsvector: `english` lexemes plus `simple`
     * character bigrams of its unspaced (CJK) runs. The in-memory postings are built from it.
     */
    termCounts: jsonb().$type<Record<string, number>>().notNull(),
    /**
     * The built-in embedder's vector of the text, quantised (dense-codes.ts): the dense leg searches these exactly in
     * memory (decision 0010). Null when the chunk has no vector of the built-in embedder.
     */
    localVector: bytea(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.documentId, t.chunkIndex),
    index().on(t.userId, t.agentId),
    index().on(t.userId, t.category),
    index().on(t.userId, t.embedder),
    // A user too large for memory is searched through the database (lexical-database.ts): `term_counts ? term`
    // reads only the chunks holding the term.
    index().using("gin", t.termCounts),
  ],
);

/**
 * BM25 collection statistics per user: chunk count and total length, and `generation`, bumped by every statement
 * that adds or removes the user's chunks (so each process knows when its in-memory postings are stale).
 */
export const lexicalScopes = pgTable("lexical_scopes", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  chunkCount: integer().notNull().default(0),
  totalLength: bigint({ mode: "number" }).notNull().default(0),
  generation: bigint({ mode: "number" }).notNull().default(0),
});

/**
 * Which embedder's vectors the dense leg queries for a user, and the one being rebuilt towards when the
 * configured embedder changed (`target`); `leaseUntil` keeps two processes from rebuilding at once.
 */
export const userEmbedders = pgTable("user_embedders", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  active: text().notNull(),
  target: text(),
  leaseUntil: timestamp({ withTimezone: true }),
  updatedAt: updatedAt(),
});

export const dataSources = pgTable(
  "data_sources",
  {
    id: id(),
    userId: ownerId(),
    name: text().notNull(),
    type: text().$type<"text" | "url" | "api">().notNull(),
    content: text().notNull(),
    category: text().notNull(),
    agentId: text().notNull(),
    /** The document the source was ingested as (text and url sources go through the document pipeline). */
    documentId: text().references(() => documents.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.agentId)],
);

export const customAgents = pgTable(
  "custom_agents",
  {
    id: id(),
    userId: ownerId(),
    name: text().notNull(),
    description: text(),
    systemPrompt: text().notNull(),
    agentType: text().$type<AgentType>().notNull().default("custom"),
    isPublic: boolean().notNull().default(false),
    apiEndpoint: text().notNull().unique(),
    trainingStatus: text()
      .$type<(typeof trainingStatusSchema.options)[number]>()
      .notNull()
      .default("untrained"),
    /** Why the last training failed, in words for people. */
    trainingError: text(),
    /** Chat settings (issue 20): null model = the installation's default. */
    model: text(),
    temperature: real().notNull().default(AGENT_TEMPERATURE.default),
    topK: integer().notNull().default(AGENT_TOP_K.default),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId),
    check("custom_agents_agent_type_values", sql`${t.agentType} in (${inList(agentTypeSchema.options)})`),
    check(
      "custom_agents_training_status_values",
      sql`${t.trainingStatus} in (${inList(trainingStatusSchema.options)})`,
    ),
  ],
);

/** A user's state and chat settings of a built-in agent (absent row = the agent's defaults). */
export const builtInAgentSettings = pgTable(
  "built_in_agent_settings",
  {
    userId: ownerId(),
    agentId: text().$type<BuiltInAgentId>().notNull(),
    enabled: boolean().notNull(),
    /** null = the agent's default prompt from packages/contracts. */
    systemPrompt: text(),
    model: text(),
    temperature: real().notNull().default(AGENT_TEMPERATURE.default),
    topK: integer().notNull().default(AGENT_TOP_K.default),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.agentId] }),
    check("built_in_agent_settings_agent_values", sql`${t.agentId} in (${inList(BUILT_IN_AGENT_IDS)})`),
  ],
);

export const conversations = pgTable(
  "conversations",
  {
    id: id(),
    userId: ownerId(),
    agentType: text().notNull(),
    title: text().notNull(),
    /** The custom agent talked to; its conversations go with it. Null for a built-in agent. */
    customAgentId: text().references(() => customAgents.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId, t.updatedAt), index().on(t.customAgentId)],
);

export const messages = pgTable(
  "messages",
  {
    id: id(),
    conversationId: text()
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    role: text().$type<(typeof messageRoleSchema.options)[number]>().notNull(),
    content: text().notNull(),
    /** An answer's passages, numbered as its markers (issue 20). */
    sources: jsonb().$type<ChatSource[]>().notNull().default([]),
    status: text().$type<MessageStatus>().notNull().default("complete"),
    model: text(),
    promptTokens: integer(),
    completionTokens: integer(),
    error: text(),
    /** For an answer: milliseconds from the question's arrival to the stored answer. */
    latencyMs: integer(),
    /** An answer's trace ("Why this answer?", issue 28); null for questions and answers stored before traces. */
    trace: jsonb().$type<AnswerTrace>(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.conversationId, t.createdAt),
    check("messages_role_values", sql`${t.role} in (${inList(messageRoleSchema.options)})`),
    check("messages_status_values", sql`${t.status} in (${inList(messageStatusSchema.options)})`),
  ],
);

/**
 * One row per call to the public agent API, for usage metrics. `userId` is the owner of the key or agent that
 * was called, kept even when the key is later deleted so today's count does not shrink.
 */
export const apiRequestLog = pgTable(
  "api_request_log",
  {
    id: id(),
    userId: ownerId(),
    apiKeyId: text().references(() => apiKeys.id, { onDelete: "set null" }),
    agentEndpoint: text(),
    /** Which /api/v1 operation was called (e.g. "agent", "chat.completions", "models", "gtm.strategy"). */
    operation: text(),
    status: integer().notNull(),
    latencyMs: integer(),
    promptTokens: integer(),
    completionTokens: integer(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.createdAt), index().on(t.apiKeyId, t.createdAt), index().on(t.createdAt)],
);

/** api_request_log rows older than 30 days, rolled up per owner, key, agent and hour (issue 21). */
export const apiRequestHourly = pgTable(
  "api_request_hourly",
  {
    userId: ownerId(),
    /** "" for public calls or a deleted key: part of the primary key, so never null. */
    apiKeyId: text().notNull().default(""),
    agentEndpoint: text().notNull().default(""),
    hour: timestamp({ withTimezone: true }).notNull(),
    requests: integer().notNull(),
    errors: integer().notNull(),
    latencyMsTotal: bigint({ mode: "number" }).notNull().default(0),
    promptTokens: bigint({ mode: "number" }).notNull().default(0),
    completionTokens: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.apiKeyId, t.agentEndpoint, t.hour] })],
);

/**
 * Responses of POST /api/v1/responses kept for `previous_response_id` and GET/DELETE /api/v1/responses/{id} (issue
 * 30): each belongs to the key that asked it (a key reads only its own) and expires as OpenAI's stored responses do.
 */
export const storedResponses = pgTable(
  "stored_responses",
  {
    /** OpenAI's form, "resp_<32 hex>". */
    id: text().primaryKey(),
    userId: ownerId(),
    apiKeyId: text()
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    /** The conversation up to and including this response, as chat messages: what a follow-up continues. */
    turns: jsonb().$type<unknown[]>().notNull(),
    /** The response object as it was answered (GET returns it). */
    body: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.apiKeyId), index().on(t.expiresAt)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type StoredResponseRow = typeof storedResponses.$inferSelect;
