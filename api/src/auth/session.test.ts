// Session lifetime rules with an injected clock: 30 days, extended in the last 15, deleted once expired.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/create-database";
import { sessions, users } from "../db/schema";
import { createTestDatabase, engines } from "../test/test-app";
import {
  createSession,
  generateSessionToken,
  invalidateSession,
  SESSION_LIFETIME_MS,
  sessionIdFromToken,
  validateSessionToken,
} from "./session";

const DAY = 24 * 60 * 60 * 1000;
const start = new Date("2026-01-01T12:00:00.000Z");
const at = (days: number) => new Date(start.getTime() + days * DAY);

describe("session tokens", () => {
  it("are 20 random bytes in lower-case base32 (32 characters) and never repeat", () => {
    const tokens = new Set(Array.from({ length: 200 }, generateSessionToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
  });

  it("are stored as their SHA-256 in hex", () => {
    // sha256("abc"), the FIPS 180-2 test vector.
    expect(sessionIdFromToken("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});

describe.each(engines)("session lifetime on %s", (engine) => {
  let database: Database;
  let userId: string;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const [user] = await database.db.insert(users).values({ email: "clock@example.test" }).returning();
    userId = user?.id ?? "";
  });
  afterAll(async () => {
    await database?.close();
  });

  const newSession = async () => {
    const token = generateSessionToken();
    const session = await createSession({ db: database.db, token, userId, now: start });
    return { token, session };
  };

  it("lasts 30 days and keys the row by the token hash", async () => {
    const { token, session } = await newSession();
    expect(session.expiresAt.getTime() - start.getTime()).toBe(SESSION_LIFETIME_MS);
    expect(session.id).toBe(sessionIdFromToken(token));
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row?.id).not.toBe(token);
  });

  it("is valid and not extended while more than 15 days remain", async () => {
    const { token, session } = await newSession();
    const result = await validateSessionToken({ db: database.db, token, now: at(14) });
    expect(result.user?.id).toBe(userId);
    expect(result.renewed).toBe(false);
    expect(result.session?.expiresAt.getTime()).toBe(session.expiresAt.getTime());
  });

  it("is extended to 30 days from now once 15 or fewer remain", async () => {
    const { token } = await newSession();
    const result = await validateSessionToken({ db: database.db, token, now: at(16) });
    expect(result.renewed).toBe(true);
    expect(result.session?.expiresAt.toISOString()).toBe(at(46).toISOString());
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdFromToken(token)));
    expect(row?.expiresAt.toISOString()).toBe(at(46).toISOString());
  });

  it("is rejected and deleted once expired", async () => {
    const { token } = await newSession();
    const result = await validateSessionToken({ db: database.db, token, now: at(30) });
    expect(result.session).toBeNull();
    const rows = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdFromToken(token)));
    expect(rows).toHaveLength(0);
  });

  it("is rejected after invalidation and for unknown tokens", async () => {
    const { token, session } = await newSession();
    await invalidateSession({ db: database.db, sessionId: session.id });
    expect((await validateSessionToken({ db: database.db, token, now: at(1) })).session).toBeNull();
    expect(
      (await validateSessionToken({ db: database.db, token: generateSessionToken(), now: at(1) })).session,
    ).toBeNull();
  });
});
