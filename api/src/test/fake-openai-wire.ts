// Test support: what every route of the fake OpenAI server shares: JSON in and out, OpenAI's error body, scripted failures.
import type { IncomingMessage, ServerResponse } from "node:http";

/** One scripted failure: the next request(s) get this status, with Retry-After (seconds) or retry-after-ms if set. */
export type ScriptedFailure = { status: number; retryAfterSeconds?: number; retryAfterMs?: number };

/** A status answered instead of the usual result, with OpenAI's error body. */
export type ScriptedStatusFailure = ScriptedFailure & { message?: string; code?: string };

export async function readJson(request: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString("utf8"));
}

export function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

/** About 4 characters a token, plus the per-message framing: close enough for a fake's usage and context limit. */
export function promptTokensOf(messages: readonly { content: string }[]): number {
  return messages.reduce((sum, message) => sum + Math.ceil(message.content.length / 4) + 4, 3);
}

export function seconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function errorBody(
  message: string,
  code: string | null = null,
  param: string | null = null,
  type?: string,
) {
  return { error: { message, type: type ?? "invalid_request_error", param, code } };
}

export function sendStatusFailure(response: ServerResponse, failure: ScriptedStatusFailure): void {
  const headers: Record<string, string> = {};
  if (failure.retryAfterSeconds !== undefined) headers["retry-after"] = String(failure.retryAfterSeconds);
  if (failure.retryAfterMs !== undefined) headers["retry-after-ms"] = String(failure.retryAfterMs);
  const rateLimited = failure.status === 429;
  const message =
    failure.message ??
    (failure.status === 401
      ? "Incorrect API key provided"
      : rateLimited
        ? "Rate limit reached for requests"
        : "The server had an error while processing your request.");
  const code =
    failure.code ?? (rateLimited ? "rate_limit_exceeded" : failure.status === 401 ? "invalid_api_key" : null);
  const type = failure.status < 500 ? "invalid_request_error" : "server_error";
  send(response, failure.status, errorBody(message, code, null, type), headers);
}
