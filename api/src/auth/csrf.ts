// CSRF defence for cookie-authenticated mutations: the Origin (or Referer) must be our own.
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../lib/app-env";
import { AppError } from "../lib/app-error";
import { bearerToken, routeAcceptsApiKeys } from "./authenticate";
import { SESSION_COOKIE } from "./session-cookie";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Paths that set a session cookie without one: protected too, against login CSRF. */
const COOKIE_ISSUING_PATHS = new Set(["/api/auth/sign-in", "/api/auth/sign-up"]);

function requestOrigin(originHeader: string | undefined, referer: string | undefined): string | undefined {
  // Browsers send Origin on every cross-site and same-origin POST; "null" (sandboxed/opaque) is never ours.
  if (originHeader) return originHeader === "null" ? undefined : originHeader;
  if (!referer || !URL.canParse(referer)) return undefined;
  return new URL(referer).origin;
}

/**
 * Rejects (403 CSRF_REJECTED) a POST/PUT/PATCH/DELETE that a browser could send with our session cookie,
 * unless its Origin, or Referer when Origin is absent, is the configured public origin or the request's own
 * origin. Requests with `Authorization: Bearer` to a route that accepts API keys are exempt (the key is not an
 * ambient credential, and such routes never fall back to the cookie), as are requests without a session cookie
 * (nothing to forge), except the sign-in/sign-up posts that would set one, and the public API under /api/v1,
 * which never reads the session cookie (a forged request there is an anonymous one). Anywhere else a Bearer header
 * changes nothing.
 */
/** The public API: keys in Authorization or nothing, never the session cookie (routes/v1-middleware.ts). */
const PUBLIC_API_PREFIX = "/api/v1/";

export const csrfProtection = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (c.req.path.startsWith(PUBLIC_API_PREFIX)) return next();
  if (bearerToken(c) !== undefined && routeAcceptsApiKeys(c)) return next();
  const carriesCookie = getCookie(c, SESSION_COOKIE) !== undefined;
  if (!carriesCookie && !COOKIE_ISSUING_PATHS.has(c.req.path)) return next();

  const origin = requestOrigin(c.req.header("origin"), c.req.header("referer"));
  const allowed = new Set([c.var.deps.config.publicOrigin, new URL(c.req.url).origin]);
  if (!origin || !allowed.has(origin)) {
    throw new AppError("CSRF_REJECTED", "Cross-origin request refused");
  }
  return next();
});
