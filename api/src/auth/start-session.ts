// Signs a user in on this response: new session row, new cookie, the previous session (if any) dropped.
import type { Context } from "hono";
import type { AppEnv } from "../lib/app-env";
import { createSession, generateSessionToken, invalidateSession, sessionIdFromToken } from "./session";
import { readSessionToken, setSessionCookie } from "./session-cookie";

export async function startSession(
  c: Context<AppEnv>,
  userId: string,
  options: { oidcIdToken?: string } = {},
): Promise<void> {
  const { database, now } = c.var.deps;
  const previous = readSessionToken(c);
  if (previous) await invalidateSession({ db: database.db, sessionId: sessionIdFromToken(previous) });
  const token = generateSessionToken();
  const session = await createSession({
    db: database.db,
    token,
    userId,
    now: now(),
    ...(options.oidcIdToken ? { oidcIdToken: options.oidcIdToken } : {}),
  });
  setSessionCookie(c, token, session.expiresAt);
}
