// Made-up session cookies: malformed ones cost no query, well-formed unknown ones are limited per client IP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { generateSessionToken } from "./session";
import { FAILED_SESSION_LOOKUPS_PER_IP } from "./session-lookup";

describe.each(engines)("session lookups on %s", (engine) => {
  let t: TestApp;
  let queries = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    // Count the session lookups, through the driver under drizzle.
    const raw = t.database.raw as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const query = raw.query.bind(raw);
    raw.query = (...args: unknown[]) => {
      // Only session lookups: background jobs may query other tables meanwhile.
      if (String(args[0]).includes('"sessions"')) queries += 1;
      return query(...args);
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it("rejects malformed session cookies without a query", async () => {
    const before = queries;
    for (const value of ["x", "%%%", "A".repeat(32), `${"a".repeat(31)}1`, "a".repeat(5000)]) {
      const response = await t.request("/api/auth/user", { cookie: `session=${value}` });
      expect(response.status).toBe(401);
    }
    expect(queries).toBe(before);
  });

  // Found by the security probe: made-up cookies cost a lookup each, without limit (median 8 ms -> 863 ms).
  it(`stops looking up cookies from an IP after ${FAILED_SESSION_LOOKUPS_PER_IP} unknown ones, and only for that IP`, async () => {
    const ip = "203.0.113.40";
    const { cookie } = await signUp(t);
    // Valid sessions never count against the IP.
    for (let index = 0; index < 5; index++) {
      expect((await t.request("/api/auth/user", { cookie, clientIp: ip })).status).toBe(200);
    }
    for (let index = 0; index < FAILED_SESSION_LOOKUPS_PER_IP; index++) {
      const response = await t.request("/api/auth/user", {
        cookie: `session=${generateSessionToken()}`,
        clientIp: ip,
      });
      expect(response.status).toBe(401);
    }
    const before = queries;
    const blocked = await t.request("/api/auth/user", {
      cookie: `session=${generateSessionToken()}`,
      clientIp: ip,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await blocked.json()) as { code: string }).code).toBe("RATE_LIMITED");
    expect(queries).toBe(before);

    // The sign-in page still shows for that IP (no lookup): signing in is how a real user there recovers.
    const page = await t.request("/api/login", { cookie: `session=${generateSessionToken()}`, clientIp: ip });
    expect(page.status).toBe(200);
    expect(queries).toBe(before);

    // Everyone else is served as before.
    expect((await t.request("/api/auth/user", { cookie, clientIp: "203.0.113.41" })).status).toBe(200);
  });

  it("counts a stale cookie sent again and again once, answering its repeats without a query", async () => {
    const ip = "203.0.113.50";
    const { cookie } = await signUp(t);
    // A signed-out session's cookie, still sent by a client that kept it.
    const stale = `session=${generateSessionToken()}`;
    expect((await t.request("/api/auth/user", { cookie: stale, clientIp: ip })).status).toBe(401);
    const before = queries;
    for (let index = 0; index < FAILED_SESSION_LOOKUPS_PER_IP + 10; index++) {
      expect((await t.request("/api/auth/user", { cookie: stale, clientIp: ip })).status).toBe(401);
    }
    expect(queries).toBe(before);
    expect((await t.request("/api/auth/user", { cookie, clientIp: ip })).status).toBe(200);
  });
});
