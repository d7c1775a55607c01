// Middleware for signed-in routes: resolves the session cookie to a user or answers 401.
import { createMiddleware } from "hono/factory";
import type { AppEnv, AuthVariables } from "../lib/app-env";
import { AppError } from "../lib/app-error";
import { validateSessionToken } from "./session";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "./session-cookie";

/**
 * Requires a valid `session` cookie. Sets `c.var.user` and `c.var.session`, re-sends the cookie when the
 * session was extended, and throws UNAUTHORIZED (401) otherwise, clearing a stale cookie.
 */
export const requireUser = createMiddleware<AppEnv & { Variables: AuthVariables }>(async (c, next) => {
  const token = readSessionToken(c);
  const result = token
    ? await validateSessionToken({ db: c.var.db, token, now: c.var.now() })
    : { session: null, user: null, renewed: false as const };
  if (!result.session) {
    if (token) clearSessionCookie(c);
    throw new AppError("UNAUTHORIZED", "You are logged out");
  }
  if (result.renewed && token) setSessionCookie(c, token, result.session.expiresAt);
  c.set("user", result.user);
  c.set("session", result.session);
  await next();
});
