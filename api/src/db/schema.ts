// Drizzle tables for users, auth and every spec entity; the same schema and migrations run on PGlite and PostgreSQL.
import type { AgentType, TrainingJob } from "@acp/contracts/entities";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
    modelType: text().$type<"gtm" | "legal" | "vision">().notNull(),
    epochs: integer().$type<TrainingJob["epochs"]>().notNull(),
    status: text().$type<"pending" | "running" | "completed" | "failed">().notNull().default("pending"),
    progress: integer().notNull().default(0),
    currentEpoch: integer().notNull().default(0),
    /** Why a job failed, shown to the user. */
    error: text(),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId, t.status),
    check("training_jobs_progress_range", sql`${t.progress} between 0 and 100`),
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
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

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
    error: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId, t.agentId)],
);

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
      .$type<"untrained" | "training" | "trained" | "failed">()
      .notNull()
      .default("untrained"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId)],
);

export const conversations = pgTable(
  "conversations",
  {
    id: id(),
    userId: ownerId(),
    agentType: text().notNull(),
    title: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId)],
);

export const messages = pgTable(
  "messages",
  {
    id: id(),
    conversationId: text()
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    role: text().$type<"user" | "assistant">().notNull(),
    content: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.conversationId, t.createdAt)],
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
    status: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.createdAt), index().on(t.apiKeyId, t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
