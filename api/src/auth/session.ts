// Database sessions after Lucia's successor guidance: random base32 token in the cookie, only its SHA-256 stored.
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/create-database";
import { preparedStatement } from "../db/prepared";
import { type SessionRow, sessions, type UserRow, users } from "../db/schema";
import { sealIdToken } from "./id-token-seal";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** A session used in its last 15 days is pushed out to a full 30 again, so active users stay signed in. */
const SESSION_RENEW_WITHIN_MS = 15 * DAY_MS;

export type SessionValidation =
  | { session: SessionRow; user: UserRow; renewed: boolean }
  | { session: null; user: null; renewed: false };

/** 20 random bytes (160 bits), base32 lower-case: the value that goes into the cookie and nowhere else. */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The session id stored in the database: a leaked table cannot be replayed as cookies. */
export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession({
  db,
  token,
  userId,
  now,
  oidcIdToken,
}: {
  db: Db;
  token: string;
  userId: string;
  now: Date;
  /**
   * Kept for RP-initiated logout (the provider's end_session_endpoint wants it as id_token_hint), sealed with a key
   * derived from `token` (see id-token-seal.ts): readable only with the cookie, e.g. by openSessionIdToken.
   */
  oidcIdToken?: string;
}): Promise<SessionRow> {
  const [session] = await db
    .insert(sessions)
    .values({
      id: sessionIdFromToken(token),
      userId,
      expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
      oidcIdToken: oidcIdToken ? sealIdToken(oidcIdToken, token) : null,
      createdAt: now,
    })
    .returning();
  if (!session) throw new Error("session insert returned no row");
  return session;
}

/** Looks the token up; deletes it when expired, extends it when within 15 days of expiry. */
/** The session and its user, by session id: every signed-in request runs it. */
const sessionWithUser = (db: Db) =>
  preparedStatement(db, "session_with_user", () =>
    db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      .where(eq(sessions.id, sql.placeholder("sessionId")))
      .limit(1)
      .prepare("session_with_user"),
  );

export async function validateSessionToken({
  db,
  token,
  now,
}: {
  db: Db;
  token: string;
  now: Date;
}): Promise<SessionValidation> {
  const sessionId = sessionIdFromToken(token);
  const [row] = await sessionWithUser(db).execute({ sessionId });
  if (!row) return { session: null, user: null, renewed: false };

  const { session, user } = row;
  if (now.getTime() >= session.expiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return { session: null, user: null, renewed: false };
  }
  if (now.getTime() >= session.expiresAt.getTime() - SESSION_RENEW_WITHIN_MS) {
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
    return { session: { ...session, expiresAt }, user, renewed: true };
  }
  return { session, user, renewed: false };
}

/** Deletes the session and hands back the row it was (undefined when there was none), e.g. for its ID token. */
export async function invalidateSession({
  db,
  sessionId,
}: {
  db: Db;
  sessionId: string;
}): Promise<SessionRow | undefined> {
  const [deleted] = await db.delete(sessions).where(eq(sessions.id, sessionId)).returning();
  return deleted;
}

/** Ends every session of the user ("sign out everywhere"); returns how many there were. */
export async function invalidateUserSessions({ db, userId }: { db: Db; userId: string }): Promise<number> {
  const deleted = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return deleted.length;
}
