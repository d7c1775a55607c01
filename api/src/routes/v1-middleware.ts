// The public API's steps around every /api/v1 handler: its request-log entry, the API key (optional or required), the
// hourly limit (per key, or per client IP without one), and OpenAI's error shape for the OpenAI-compatible routes.
import { looksLikeOurApiKey } from "@acp/contracts/api-access";
import { apiErrorSchema } from "@acp/contracts/errors";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { MiddlewareHandler } from "hono/types";
import { bearerToken } from "../auth/authenticate";
import { clientIp, clientIpKey } from "../auth/client-ip";
import { lookUpApiKey } from "../auth/session-lookup";
import type { ApiKeyRow } from "../db/schema";
import type { AppEnv, AuthVariables, Caller } from "../lib/app-env";
import { AppError } from "../lib/app-error";
import { enforceHourlyLimit } from "../lib/hourly-limit";
import { validationHook } from "../lib/validation";
import type { AgentTarget } from "../services/public-api/agent-target";
import { openAiErrorBody } from "../services/public-api/openai-chat";

/** The operations the request log names (api_request_log.operation). */
export type V1Operation =
  | "agent"
  | "chat.completions"
  | "responses"
  | "models"
  | "gtm.strategy"
  | "gtm.analyze";

/** One /api/v1 call as its handlers fill it in for the request log. */
type V1Call = {
  operation: V1Operation;
  /** When it arrived (deps.now(), the log's time) and performance.now() then (its latency). */
  at: Date;
  startedAt: number;
  /** The called agent's owner once known: a call without a key is logged under them. */
  agentOwnerId?: string;
  agentEndpoint: string | null;
  promptTokens: number | null;
  completionTokens: number | null;
  /** Set by a streamed answer: the call is logged when the stream ends, with the status it ended with. */
  streamEnd?: Promise<number>;
};

export type V1Env = AppEnv & {
  Variables: Partial<AuthVariables> & {
    v1Call: V1Call;
    /** The agent the call names, once found (POST /api/v1/{apiEndpoint}). */
    agentTarget?: AgentTarget;
  };
};

/** A /api/v1 sub-app: OpenAPI-described, validation failures answered as VALIDATION_ERROR (lib/openapi.ts). */
export function createV1Router(): OpenAPIHono<V1Env> {
  return new OpenAPIHono<V1Env>({ defaultHook: validationHook });
}

/** The API key this call carries (checked), if any. */
export function callerKey(c: { var: { caller?: Caller | undefined } }): ApiKeyRow | undefined {
  const caller = c.var.caller;
  return caller?.kind === "apiKey" ? caller.apiKey : undefined;
}

/**
 * A route's middleware as a mutable tuple: @hono/zod-openapi derives the handler's `c.var` from each element's type,
 * which a plain array (one union type) or an `as const` tuple (readonly) would lose.
 */
export function v1Middleware<const M extends MiddlewareHandler[]>(...middleware: M): M {
  return middleware;
}

/**
 * First on every /api/v1 route: opens the call's log entry and records it when the response is ready (a stream:
 * when it ends). Success or failure alike; a call whose account is unknown (no valid key, no agent found) is not
 * logged, as it belongs to no one. Recording buffers in memory (deps.apiUsage): no database write on the way.
 */
export function v1Call(operation: V1Operation) {
  return createMiddleware<V1Env>(async (c, next) => {
    const { deps } = c.var;
    const call: V1Call = {
      operation,
      at: deps.now(),
      startedAt: performance.now(),
      agentEndpoint: null,
      promptTokens: null,
      completionTokens: null,
    };
    c.set("v1Call", call);
    // Answers are per account (and per key): never cached by anyone on the way.
    c.header("Cache-Control", "no-store");
    await next();
    const record = (status: number) => {
      const apiKey = callerKey(c);
      const userId = apiKey?.userId ?? call.agentOwnerId;
      if (!userId) return;
      deps.apiUsage.record({
        userId,
        apiKeyId: apiKey?.id ?? null,
        agentEndpoint: call.agentEndpoint,
        operation,
        status,
        latencyMs: performance.now() - call.startedAt,
        promptTokens: call.promptTokens,
        completionTokens: call.completionTokens,
        at: call.at,
      });
    };
    const status = c.res.status;
    if (call.streamEnd && status < 400) void call.streamEnd.then(record, () => record(500));
    else record(status);
  });
}

/**
 * For routes open to anonymous callers (public agents): without `Authorization: Bearer` the call goes on anonymous,
 * and so does a Bearer value that is not one of our keys at all ("sk-none", "ollama", "x": clients that insist on a
 * key field send a placeholder, as Ollama and vLLM accept). A value in our key format must be usable (401 for an
 * unknown, inactive or expired key, as authenticate() answers: never a silent fall back to anonymous) and identifies
 * the caller. Session cookies are never read on /api/v1.
 */
export const optionalApiKey = createMiddleware<V1Env>(async (c, next) => {
  const token = bearerToken(c);
  if (token !== undefined && looksLikeOurApiKey(token)) {
    const found = await lookUpApiKey(c, token);
    if (!found) throw new AppError("UNAUTHORIZED", "Invalid or inactive API key");
    c.set("user", found.user);
    c.set("caller", { kind: "apiKey", apiKey: found.apiKey });
  }
  return next();
});

/**
 * Counts the call against its key's hourly limit (`rateLimitPerHour`), or without a key against the client IP's
 * (PUBLIC_RATE_LIMIT_PER_HOUR, IPv6 by its /64); RateLimit-* headers on every answer, 429 with Retry-After past it.
 */
export const hourlyLimit = createMiddleware<V1Env>(async (c, next) => {
  const apiKey = callerKey(c);
  await enforceHourlyLimit(
    c as unknown as Context<AppEnv>,
    apiKey
      ? { key: `apikey:${apiKey.id}`, limit: apiKey.rateLimitPerHour }
      : { key: `public-ip:${clientIpKey(clientIp(c))}`, limit: c.var.deps.config.publicRateLimitPerHour },
  );
  return next();
});

/**
 * On the OpenAI-compatible routes: rewrites our JSON error body (set by app.onError, whatever failed) into OpenAI's
 * `{ error: { message, type, code, param } }` with the same status and headers, so OpenAI's clients raise the
 * matching error class (401 AuthenticationError, 403 PermissionDeniedError, 404 NotFoundError, 429 RateLimitError
 * with its Retry-After, ...).
 */
export const openAiErrors = createMiddleware<V1Env>(async (c, next) => {
  await next();
  const { status } = c.res;
  if (status < 400 || !(c.res.headers.get("content-type") ?? "").includes("application/json")) return;
  const parsed = apiErrorSchema.safeParse(
    await c.res
      .clone()
      .json()
      .catch(() => undefined),
  );
  if (!parsed.success) return;
  const headers = new Headers(c.res.headers);
  headers.delete("content-length");
  // Cleared first: assigning over a response would copy its headers (content-length included) onto the new one.
  c.res = undefined;
  c.res = new Response(JSON.stringify(openAiErrorBody(status, parsed.data)), { status, headers });
});
