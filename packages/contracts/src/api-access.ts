// API keys' settings and the public API's usage figures (issue 21): the request bodies and answers the API and mf-api share.
import { z } from "zod";
import { createApiKeySchema } from "./inputs";
import { VALIDATION } from "./messages";

/** Every key we issue starts with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "acp_live_";

/**
 * Whether a Bearer value is meant as one of our keys ("acp_<kind>_…", live keys and test fixtures alike), as opposed
 * to a placeholder a client sends because it insists on a key field ("sk-none", "ollama").
 */
export function looksLikeOurApiKey(token: string): boolean {
  return /^acp_[a-z]+_/.test(token);
}

/** The hourly limit a key may be given (its default is API_KEY_RATE_LIMIT_PER_HOUR in ./constants). */
export const API_KEY_RATE_LIMIT_MIN = 1;
export const API_KEY_RATE_LIMIT_MAX = 1_000_000;

/** Agents one key may be restricted to at most. */
const API_KEY_ALLOWED_AGENTS_MAX = 100;
export const API_KEY_NAME_MAX_CHARS = 100;

/** Hours the usage figures cover: the current UTC hour and the 23 before it. */
export const USAGE_WINDOW_HOURS = 24;

const name = z
  .string({ error: VALIDATION.apiKeyName })
  .trim()
  .min(1, VALIDATION.apiKeyName)
  .max(API_KEY_NAME_MAX_CHARS, `An API key name can be at most ${API_KEY_NAME_MAX_CHARS} characters`);

const expiresAt = z.iso
  .datetime({ offset: true, error: "expiresAt must be an ISO 8601 date and time, e.g. 2027-01-31T23:59:59Z" })
  .nullable();

const allowedAgentIds = z
  .array(z.string().trim().min(1, "An agent id cannot be blank").max(200), {
    error: "allowedAgentIds must be a list of agent ids, or null for every agent",
  })
  .min(1, "List at least one agent, or send null to allow every agent")
  .max(API_KEY_ALLOWED_AGENTS_MAX, `A key can be limited to at most ${API_KEY_ALLOWED_AGENTS_MAX} agents`)
  .nullable();

const rateLimitMessage = `rateLimitPerHour must be a whole number from ${API_KEY_RATE_LIMIT_MIN} to ${API_KEY_RATE_LIMIT_MAX.toLocaleString("en-US")}`;
const rateLimitPerHour = z
  .number({ error: rateLimitMessage })
  .int(rateLimitMessage)
  .min(API_KEY_RATE_LIMIT_MIN, rateLimitMessage)
  .max(API_KEY_RATE_LIMIT_MAX, rateLimitMessage);

/**
 * POST /api/api-keys: the spec's `{ name }` (blank: "Please enter a name for the API key") and, optionally, the
 * key's expiry, the agents it may call (custom agent ids or built-in agent types) and its hourly limit.
 */
export const createApiKeyRequestSchema = createApiKeySchema.extend({
  name,
  expiresAt: expiresAt.optional(),
  allowedAgentIds: allowedAgentIds.optional(),
  rateLimitPerHour: rateLimitPerHour.optional(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** PATCH /api/api-keys/{id}: any of these; only the fields sent change (null clears an expiry or a restriction). */
export const updateApiKeySchema = z.object({
  name: name.optional(),
  isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
  expiresAt: expiresAt.optional(),
  allowedAgentIds: allowedAgentIds.optional(),
  rateLimitPerHour: rateLimitPerHour.optional(),
});
export type UpdateApiKey = z.input<typeof updateApiKeySchema>;

/** One hour of the usage chart: calls that started in it, and how many of them failed (status 400 or above). */
const usageHourSchema = z.object({
  /** The hour's start, UTC, e.g. "2026-11-20T09:00:00.000Z". */
  hour: z.iso.datetime({ offset: true }),
  requests: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
});
export type UsageHour = z.infer<typeof usageHourSchema>;

/**
 * GET /api/usage: the public API's figures over the usage window (the current UTC hour and the 23 before it), for all
 * the user's keys and public calls or, with `?keyId=`, for one key.
 */
export const apiUsageSchema = z.object({
  /** Calls in the window (the sum of `hourly`). */
  requestsToday: z.number().int().nonnegative(),
  /** Keys that would be accepted now: active and not expired (with keyId: 1 or 0). */
  activeKeys: z.number().int().nonnegative(),
  /** Percentage (0-100, one decimal) of the window's calls that answered below 400; 100 when there were none. */
  successRate: z.number().min(0).max(100),
  /** Exactly USAGE_WINDOW_HOURS entries, oldest first, empty hours included. */
  hourly: z.array(usageHourSchema),
});
export type ApiUsage = z.infer<typeof apiUsageSchema>;

export const usageQuerySchema = z.object({
  keyId: z.string().min(1).max(200).optional(),
});
