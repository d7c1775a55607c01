// The one authentication middleware (DESIGN 3): a browser session, an API key, or either, per route.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import type { AppEnv, AuthEnv, CallerKind } from "../lib/app-env";
import { AppError } from "../lib/app-error";
import { clearSessionCookie, setSessionCookie } from "./session-cookie";
import { lookUpApiKey, lookUpSession } from "./session-lookup";

const LOGGED_OUT_MESSAGE = "You are logged out";

/** Middleware instances that accept API keys: the CSRF check exempts Bearer requests only on their routes. */
const keyAcceptingMiddleware = new WeakSet<object>();

/** The Bearer token of the request; undefined without one, "" for an `Authorization: Bearer` with no token. */
export function bearerToken(c: Context): string | undefined {
  const header = c.req.header("authorization");
  if (header === undefined || !/^bearer(\s|$)/i.test(header.trimStart())) return undefined;
  return header.trim().slice("bearer".length).trim();
}

/** Whether the route this request matched accepts API keys (read before its handlers run, e.g. by the CSRF check). */
export function routeAcceptsApiKeys(c: Context): boolean {
  return matchedRoutes(c).some((route) => keyAcceptingMiddleware.has(route.handler));
}

/**
 * Identifies the caller or answers 401 UNAUTHORIZED. Sets `c.var.user` and `c.var.caller`
 * (`{ kind: "session", session }` or `{ kind: "apiKey", apiKey }`), and `Cache-Control: no-store` on the answer
 * (per-user data), which a handler may still override.
 *
 * - With an `Authorization: Bearer` header, the key decides alone: an unknown or deactivated key, or a route that
 *   takes no keys, is a 401, and the session cookie is never used as a fallback.
 * - Without one, the `session` cookie must name a live session (re-sent when renewed, cleared when stale); failed
 *   lookups are limited per client IP (see lookUpSession).
 */
export function authenticate({ allow }: { allow: readonly [CallerKind, ...CallerKind[]] }) {
  const acceptsSession = allow.includes("session");
  const acceptsKeys = allow.includes("apiKey");
  const middleware = createMiddleware<AppEnv & AuthEnv>(async (c, next) => {
    c.header("Cache-Control", "no-store");
    const token = bearerToken(c);
    if (token !== undefined) {
      if (!acceptsKeys) {
        throw new AppError("UNAUTHORIZED", "This endpoint does not accept API keys: sign in instead");
      }
      const found = await lookUpApiKey(c, token);
      if (!found) throw new AppError("UNAUTHORIZED", "Invalid or inactive API key");
      c.set("user", found.user);
      c.set("caller", { kind: "apiKey", apiKey: found.apiKey });
      return next();
    }
    if (!acceptsSession) {
      throw new AppError("UNAUTHORIZED", "This endpoint needs an API key (Authorization: Bearer <key>)");
    }
    const result = await lookUpSession(c);
    if (!result.session) {
      if (result.token) clearSessionCookie(c);
      throw new AppError("UNAUTHORIZED", LOGGED_OUT_MESSAGE);
    }
    if (result.renewed && result.token) setSessionCookie(c, result.token, result.session.expiresAt);
    c.set("user", result.user);
    c.set("caller", { kind: "session", session: result.session });
    return next();
  });
  if (acceptsKeys) keyAcceptingMiddleware.add(middleware);
  return middleware;
}

/** Security requirements (alternatives) for a route that allows these callers; schemes are registered in app.ts. */
export function securityFor(allow: readonly CallerKind[]): Record<string, string[]>[] {
  return allow.map((kind) => ({ [kind === "session" ? SESSION_COOKIE_SCHEME : API_KEY_SCHEME]: [] }));
}

export const SESSION_COOKIE_SCHEME = "sessionCookie";
export const API_KEY_SCHEME = "apiKey";
