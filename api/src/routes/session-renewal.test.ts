// The cookie side of session renewal: a request late in the session's life gets a fresh cookie, an expired one a 401.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engines, sessionCookieFrom, signUp, type TestApp } from "../test/test-app";

const DAY = 24 * 60 * 60 * 1000;

describe.each(engines)("session cookie renewal on %s", (engine) => {
  let t: TestApp;
  let clock = new Date("2026-03-01T00:00:00.000Z");
  beforeAll(async () => {
    t = await createTestApp(engine, { overrides: { now: () => clock } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("re-sends the cookie with the new expiry when extended, and refuses it after expiry", async () => {
    const { cookie } = await signUp(t);
    const early = await t.request("/api/auth/user", { cookie });
    expect(early.status).toBe(200);
    expect(early.headers.getSetCookie()).toEqual([]);

    clock = new Date(clock.getTime() + 20 * DAY);
    const late = await t.request("/api/auth/user", { cookie });
    expect(late.status).toBe(200);
    const renewed = late.headers.getSetCookie().find((c) => c.startsWith("session="));
    expect(renewed).toContain(new Date(clock.getTime() + 30 * DAY).toUTCString());
    expect(sessionCookieFrom(late)).toBe(cookie);

    clock = new Date(clock.getTime() + 31 * DAY);
    const expired = await t.request("/api/auth/user", { cookie });
    expect(expired.status).toBe(401);
    expect(expired.headers.getSetCookie().find((c) => c.startsWith("session="))).toMatch(/Max-Age=0/i);
  });
});
