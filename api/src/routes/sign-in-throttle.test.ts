// Brute-force limits on built-in accounts through app.request(): lockout, Retry-After, reset, windows, per-IP limits.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  SIGN_IN_FAILURES_PER_EMAIL_AND_IP,
  SIGN_IN_FAILURES_PER_IP,
  SIGN_IN_WINDOW_MS,
  SIGN_UP_WINDOW_MS,
  SIGN_UPS_PER_IP,
} from "../auth/throttle";
import { createTestApp, engines, newAccount, signUp, type TestApp } from "../test/test-app";

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const form = (body: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(body).toString(),
});

const MINUTE_MS = 60 * 1000;
const start = new Date("2026-03-01T09:00:00.000Z");

describe.each(engines)("sign-in and sign-up throttling on %s", (engine) => {
  let t: TestApp;
  let clock = start;
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { overrides: { now: () => clock } });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    // Every test starts in fresh windows.
    advance(2 * SIGN_UP_WINDOW_MS);
  });

  const signIn = (email: string, password: string, clientIp?: string) =>
    t.request("/api/auth/sign-in", { ...json({ email, password }), ...(clientIp ? { clientIp } : {}) });

  /** The attacker's address in most tests; each test gets fresh windows (beforeEach). */
  const attacker = "203.0.113.10";

  /** Fails `times` sign-ins for the email from `ip`, each expected to be an ordinary 401. */
  async function failSignIns(email: string, times: number, ip = attacker) {
    for (let attempt = 1; attempt <= times; attempt++) {
      const response = await signIn(email, `wrong password ${attempt}`, ip);
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
  }

  it(`locks an email for one client after ${SIGN_IN_FAILURES_PER_EMAIL_AND_IP} failures: 429 RATE_LIMITED with Retry-After, even for the right password`, async () => {
    const { account } = await signUp(t);
    await failSignIns(account.email, SIGN_IN_FAILURES_PER_EMAIL_AND_IP);

    const locked = await signIn(account.email, account.password, attacker);
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe(String(SIGN_IN_WINDOW_MS / 1000));
    expect(await locked.json()).toEqual({
      error: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
      code: "RATE_LIMITED",
    });
    expect(locked.headers.getSetCookie().some((cookie) => cookie.startsWith("session="))).toBe(false);

    // Case and spaces do not make a new email.
    const variant = await signIn(`  ${account.email.toUpperCase()} `, account.password, attacker);
    expect(variant.status).toBe(429);
  });

  // Found by the security probe: 10 wrong passwords from anywhere locked the real owner out for 15 minutes.
  it("does not lock the owner out from another address", async () => {
    const { account } = await signUp(t);
    await failSignIns(account.email, SIGN_IN_FAILURES_PER_EMAIL_AND_IP);
    expect((await signIn(account.email, account.password, attacker)).status).toBe(429);
    expect((await signIn(account.email, account.password, "198.51.100.23")).status).toBe(200);
    // A second attacker address gets its own small allowance, not the owner's.
    await failSignIns(account.email, SIGN_IN_FAILURES_PER_EMAIL_AND_IP, "203.0.113.11");
    expect((await signIn(account.email, account.password, "198.51.100.23")).status).toBe(200);
  });

  it("re-renders the sign-in page with the message (and Retry-After) for a locked form post", async () => {
    const { account } = await signUp(t);
    await failSignIns(account.email, SIGN_IN_FAILURES_PER_EMAIL_AND_IP);
    advance(5 * MINUTE_MS);

    const page = await t.request("/api/auth/sign-in", {
      ...form({ email: account.email, password: account.password, returnTo: "/agents" }),
      clientIp: attacker,
    });
    expect(page.status).toBe(429);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.headers.get("retry-after")).toBe(String((SIGN_IN_WINDOW_MS - 5 * MINUTE_MS) / 1000));
    const html = await page.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("Too many failed sign-in attempts. Please wait 10 minutes and try again.");
    expect(html).toContain(`value="${account.email}"`);
    expect(html).toContain('name="returnTo" value="/agents"');
    expect(html).not.toContain(account.password);
  });

  it("clears the email's failures on a successful sign-in", async () => {
    const { account } = await signUp(t);
    await failSignIns(account.email, SIGN_IN_FAILURES_PER_EMAIL_AND_IP - 1);
    expect((await signIn(account.email, account.password, attacker)).status).toBe(200);

    // A full new allowance: the same number of failures again before the lock.
    await failSignIns(account.email, SIGN_IN_FAILURES_PER_EMAIL_AND_IP);
    expect((await signIn(account.email, account.password, attacker)).status).toBe(429);
  });

  it("counts each email on its own", async () => {
    const locked = await signUp(t);
    const other = await signUp(t);
    await failSignIns(locked.account.email, SIGN_IN_FAILURES_PER_EMAIL_AND_IP);
    expect((await signIn(locked.account.email, locked.account.password, attacker)).status).toBe(429);

    expect((await signIn(other.account.email, "wrong password", attacker)).status).toBe(401);
    expect((await signIn(other.account.email, other.account.password, attacker)).status).toBe(200);
  });

  it("opens again when the window ends, and Retry-After counts down to it", async () => {
    const { account } = await signUp(t);
    await failSignIns(account.email, SIGN_IN_FAILURES_PER_EMAIL_AND_IP);

    advance(SIGN_IN_WINDOW_MS - MINUTE_MS);
    const almost = await signIn(account.email, account.password, attacker);
    expect(almost.status).toBe(429);
    expect(almost.headers.get("retry-after")).toBe("60");
    expect(((await almost.json()) as { error: string }).error).toContain("wait 1 minute and");

    advance(MINUTE_MS);
    expect((await signIn(account.email, account.password, attacker)).status).toBe(200);
  });

  it(`limits one client IP to ${SIGN_IN_FAILURES_PER_IP} failures across emails, even when they arrive at once`, async () => {
    const ip = "203.0.113.50";
    const attempts = await Promise.all(
      Array.from({ length: SIGN_IN_FAILURES_PER_IP + 10 }, (_, index) =>
        signIn(`nobody.${index}@example.test`, "guess", ip),
      ),
    );
    const statuses = attempts.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_FAILURES_PER_IP);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);

    // The IP is blocked for a real account too; another address is not.
    const { account } = await signUp(t);
    const blocked = await signIn(account.email, account.password, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await signIn(account.email, account.password, "203.0.113.51")).status).toBe(200);
  });

  it("does not hold successful sign-ins against the IP", async () => {
    const ip = "203.0.113.60";
    const { account } = await signUp(t);
    for (let attempt = 0; attempt < SIGN_IN_FAILURES_PER_IP + 5; attempt++) {
      expect((await signIn(account.email, account.password, ip)).status).toBe(200);
    }
    expect((await signIn(account.email, "wrong password", ip)).status).toBe(401);
  });

  it("ignores a forged X-Forwarded-For without TRUST_PROXY", async () => {
    const ip = "203.0.113.70";
    await Promise.all(
      Array.from({ length: SIGN_IN_FAILURES_PER_IP }, (_, index) =>
        t.request("/api/auth/sign-in", {
          ...json({ email: `forger.${index}@example.test`, password: "guess" }),
          headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${index}` },
          clientIp: ip,
        }),
      ),
    );
    expect((await signIn("forger.last@example.test", "guess", ip)).status).toBe(429);
  });

  it(`limits sign-ups to ${SIGN_UPS_PER_IP} attempts per client IP per hour, then answers 429 (JSON and form)`, async () => {
    const ip = "203.0.113.80";
    const account = newAccount();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SIGN_UPS_PER_IP; attempt++) {
      statuses.push((await t.request("/api/auth/sign-up", { ...json(account), clientIp: ip })).status);
    }
    // Attempts count, not only accounts: probing for registered emails (409) uses up the allowance too.
    expect(statuses[0]).toBe(201);
    expect(new Set(statuses.slice(1))).toEqual(new Set([409]));

    const refused = await t.request("/api/auth/sign-up", { ...json(newAccount()), clientIp: ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe(String(SIGN_UP_WINDOW_MS / 1000));
    expect(((await refused.json()) as { code: string }).code).toBe("RATE_LIMITED");

    const fresh = newAccount();
    const page = await t.request("/api/auth/sign-up", { ...form(fresh), clientIp: ip });
    expect(page.status).toBe(429);
    expect(page.headers.get("retry-after")).toBe(String(SIGN_UP_WINDOW_MS / 1000));
    const html = await page.text();
    expect(html).toContain('<p class="error" role="alert" id="sign-up-error">Too many sign-up attempts');
    expect(html).toContain(`value="${fresh.firstName}"`);

    expect(
      (await t.request("/api/auth/sign-up", { ...json(newAccount()), clientIp: "203.0.113.81" })).status,
    ).toBe(201);
    advance(SIGN_UP_WINDOW_MS);
    expect((await t.request("/api/auth/sign-up", { ...json(newAccount()), clientIp: ip })).status).toBe(201);
  });
});

describe.each(engines)("client IP behind a trusted proxy on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { config: { trustProxyHops: 1 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("counts per X-Forwarded-For client (its last entry), not per proxy address", async () => {
    const proxy = "10.0.0.2";
    const failFrom = (forwardedFor: string, index: number) =>
      t.request("/api/auth/sign-in", {
        ...json({ email: `proxied.${forwardedFor}.${index}@example.test`, password: "guess" }),
        headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
        clientIp: proxy,
      });
    // The attacker writes the left part; our proxy appends the address it saw (198.51.100.7).
    await Promise.all(
      Array.from({ length: SIGN_IN_FAILURES_PER_IP }, (_, index) =>
        failFrom(`192.0.2.${index}, 198.51.100.7`, index),
      ),
    );
    expect((await failFrom("198.51.100.7", 99)).status).toBe(429);
    // Another client behind the same proxy is not blocked.
    expect((await failFrom("198.51.100.8", 0)).status).toBe(401);
  });
});
