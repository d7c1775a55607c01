// The two kinds of caller through authenticate(): anonymous / owner / other user / API key valid / revoked, on a
// route that takes keys and one that does not; no cookie fallback behind a Bearer header; CSRF only exempted where
// keys are accepted.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../db/schema";
import { createRouter } from "../lib/openapi";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { apiKeyHash } from "./api-key-token";
import { authenticate } from "./authenticate";
import { FAILED_SESSION_LOOKUPS_PER_IP } from "./session-lookup";

/** Two POST probes (POST: the static catch-all only takes GET) answering who called. */
const probes = createRouter()
  .post("/either", authenticate({ allow: ["session", "apiKey"] }), (c) =>
    c.json({ kind: c.var.caller.kind, userId: c.var.user.id }),
  )
  .post("/session-only", authenticate({ allow: ["session"] }), (c) =>
    c.json({ kind: c.var.caller.kind, userId: c.var.user.id }),
  )
  .post("/key-only", authenticate({ allow: ["apiKey"] }), (c) =>
    c.json({ kind: c.var.caller.kind, userId: c.var.user.id }),
  );

describe.each(engines)("authenticate() on %s", (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;
  const validKey = `acp_${"a".repeat(40)}`;
  const revokedKey = `acp_${"r".repeat(40)}`;

  beforeAll(async () => {
    t = await createTestApp(engine);
    t.app.route("/api/probe", probes);
    owner = await signUp(t);
    other = await signUp(t);
    await t.database.db.insert(apiKeys).values([
      { userId: owner.user.id, name: "valid", keyHash: apiKeyHash(validKey), keyPreview: "acp_aaaa..." },
      {
        userId: owner.user.id,
        name: "revoked",
        keyHash: apiKeyHash(revokedKey),
        keyPreview: "acp_rrrr...",
        isActive: false,
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (path: string, init: { cookie?: string; bearer?: string; origin?: string } = {}) =>
    t.request(`/api/probe/${path}`, {
      method: "POST",
      ...(init.cookie ? { cookie: init.cookie } : {}),
      headers: {
        ...(init.bearer === undefined ? {} : { authorization: `Bearer ${init.bearer}` }),
        ...(init.origin ? { origin: init.origin } : {}),
      },
    });

  const expect401 = async (response: Response, message: string) => {
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: message, code: "UNAUTHORIZED" });
  };

  it("anonymous callers get 401 everywhere", async () => {
    await expect401(await call("either"), "You are logged out");
    await expect401(await call("session-only"), "You are logged out");
    await expect401(await call("key-only"), "This endpoint needs an API key (Authorization: Bearer <key>)");
  });

  it("the owner's and another user's sessions are told apart", async () => {
    for (const path of ["either", "session-only"]) {
      const mine = await call(path, { cookie: owner.cookie });
      expect(mine.status).toBe(200);
      expect(await mine.json()).toEqual({ kind: "session", userId: owner.user.id });
      const theirs = await call(path, { cookie: other.cookie });
      expect(await theirs.json()).toEqual({ kind: "session", userId: other.user.id });
    }
  });

  it("a valid key identifies its owner where keys are accepted, and only there", async () => {
    for (const path of ["either", "key-only"]) {
      const response = await call(path, { bearer: validKey });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ kind: "apiKey", userId: owner.user.id });
    }
    await expect401(
      await call("session-only", { bearer: validKey }),
      "This endpoint does not accept API keys: sign in instead",
    );
  });

  it("a revoked, unknown or empty key is refused", async () => {
    for (const bearer of [revokedKey, "acp_unknown", "", "x".repeat(300)]) {
      await expect401(await call("either", { bearer }), "Invalid or inactive API key");
    }
    // Reactivating the key makes it work again: the refusal came from its state, not its value.
    await t.database.db
      .update(apiKeys)
      .set({ isActive: true })
      .where(eq(apiKeys.keyHash, apiKeyHash(revokedKey)));
    expect((await call("either", { bearer: revokedKey })).status).toBe(200);
    await t.database.db
      .update(apiKeys)
      .set({ isActive: false })
      .where(eq(apiKeys.keyHash, apiKeyHash(revokedKey)));
  });

  it("never falls back to the session cookie when a Bearer header is present", async () => {
    await expect401(
      await call("either", { bearer: revokedKey, cookie: owner.cookie }),
      "Invalid or inactive API key",
    );
    await expect401(
      await call("session-only", { bearer: "anything", cookie: owner.cookie }),
      "This endpoint does not accept API keys: sign in instead",
    );
    // The key wins over another user's cookie.
    const response = await call("either", { bearer: validKey, cookie: other.cookie });
    expect(await response.json()).toEqual({ kind: "apiKey", userId: owner.user.id });
  });

  it(`stops looking up keys from an IP after ${FAILED_SESSION_LOOKUPS_PER_IP} unknown ones, and only for that IP`, async () => {
    const ip = "203.0.113.77";
    const from = (bearer: string, clientIp: string) =>
      t.request("/api/probe/either", {
        method: "POST",
        headers: { authorization: `Bearer ${bearer}` },
        clientIp,
      });
    for (let index = 0; index < FAILED_SESSION_LOOKUPS_PER_IP; index++) {
      expect((await from(`acp_guess_${index}`, ip)).status).toBe(401);
    }
    const blocked = await from(validKey, ip);
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { code: string }).code).toBe("RATE_LIMITED");
    expect((await from(validKey, "203.0.113.78")).status).toBe(200);
  });

  it("exempts Bearer requests from the CSRF check only on key-accepting routes", async () => {
    const crossSite = "https://evil.example";
    const keyed = await call("either", { bearer: validKey, cookie: owner.cookie, origin: crossSite });
    expect(keyed.status).toBe(200);

    const cookieOnly = await call("either", { cookie: owner.cookie, origin: crossSite });
    expect(cookieOnly.status).toBe(403);
    expect(((await cookieOnly.json()) as { code: string }).code).toBe("CSRF_REJECTED");

    const bearerOnSessionRoute = await call("session-only", {
      bearer: validKey,
      cookie: owner.cookie,
      origin: crossSite,
    });
    expect(bearerOnSessionRoute.status).toBe(403);
  });
});
