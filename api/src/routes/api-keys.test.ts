// /api/api-keys: keys shown once and stored only as a hash, validation, PATCH bounds, refusals of revoked, expired,
// deleted and other users' keys, lastUsed without a write per request, and each key's requests in the usage window.
import { API_KEY_PREFIX } from "@acp/contracts/api-access";
import { apiKeySchema } from "@acp/contracts/entities";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { apiKeyHash } from "../auth/api-key-token";
import { authenticate } from "../auth/authenticate";
import { FAILED_SESSION_LOOKUPS_PER_IP } from "../auth/session-lookup";
import { rowsOf } from "../db/rows-of";
import { apiKeys } from "../db/schema";
import { createRouter } from "../lib/openapi";
import type { ApiUsageEntry } from "../services/usage/api-usage-recorder";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";

const listedKeySchema = apiKeySchema.omit({ key: true }).strict();
const keyListSchema = z.array(listedKeySchema);
const createdKeySchema = apiKeySchema.extend({ key: z.string() }).strict();

/** A key-accepting probe (POST: the static catch-all only takes GET) answering whose key it was. */
const probe = createRouter().post("/", authenticate({ allow: ["apiKey"] }), (c) =>
  c.json({ userId: c.var.user.id, apiKeyId: c.var.caller.kind === "apiKey" ? c.var.caller.apiKey.id : null }),
);

const HOUR_MS = 60 * 60 * 1000;

describe.each(engines)("/api/api-keys on %s", (engine) => {
  let t: TestApp;
  let time = new Date("2026-11-20T10:30:00.000Z").getTime();
  const clock = () => new Date(time);
  let a: Awaited<ReturnType<typeof signUp>>;
  let b: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    t = await createTestApp(engine, { overrides: { now: clock } });
    t.app.route("/api/probe", probe);
    a = await signUp(t);
    b = await signUp(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const json = (body: unknown) => ({
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const create = (cookie: string, body: unknown) =>
    t.request("/api/api-keys", { method: "POST", cookie, ...json(body) });
  const patch = (cookie: string, id: string, body: unknown) =>
    t.request(`/api/api-keys/${encodeURIComponent(id)}`, { method: "PATCH", cookie, ...json(body) });
  const remove = (cookie: string, id: string) =>
    t.request(`/api/api-keys/${encodeURIComponent(id)}`, { method: "DELETE", cookie });
  const list = async (cookie: string) => {
    const response = await t.request("/api/api-keys", { cookie });
    expect(response.status).toBe(200);
    return keyListSchema.parse(await response.json());
  };
  const callWith = (key: string) =>
    t.request("/api/probe", { method: "POST", headers: { authorization: `Bearer ${key}` } });
  const createKey = async (cookie: string, body: Record<string, unknown> = {}) => {
    const response = await create(cookie, { name: "Key", ...body });
    expect(response.status).toBe(201);
    return createdKeySchema.parse(await response.json());
  };
  const expectError = async (response: Response, status: number, error: string) => {
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: string }).error).toBe(error);
  };

  it("creates a key shown once, with a recognisable prefix and preview, stored only as its SHA-256", async () => {
    const response = await create(a.cookie, { name: "  Production\u202e  " });
    expect(response.status).toBe(201);
    const created = createdKeySchema.parse(await response.json());
    expect(created).toEqual({
      id: expect.any(String),
      name: "Production",
      key: expect.stringMatching(/^acp_live_[a-z2-7]{52}$/),
      keyPreview: `${API_KEY_PREFIX}…${created.key.slice(-4)}`,
      isActive: true,
      createdAt: "2026-11-20T10:30:00.000Z",
      lastUsed: null,
      expiresAt: null,
      allowedAgentIds: null,
      rateLimitPerHour: 1000,
      requestsToday: 0,
    });
    // No column of the stored row holds the key or its secret part; the hash is the key's SHA-256.
    const [row] = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`select * from api_keys where id = ${created.id}`),
    );
    const secret = created.key.slice(API_KEY_PREFIX.length);
    for (const value of Object.values(row ?? {})) {
      expect(String(value)).not.toContain(secret);
      expect(String(value)).not.toContain(created.key.slice(-12));
    }
    expect(row?.key_hash).toBe(apiKeyHash(created.key));

    // The list never shows it again, and another creation makes a different key.
    const text = await (await t.request("/api/api-keys", { cookie: a.cookie })).text();
    expect(text).not.toContain(secret);
    expect((await createKey(a.cookie)).key).not.toBe(created.key);

    const used = await callWith(created.key);
    expect(used.status).toBe(200);
    expect(await used.json()).toEqual({ userId: a.user.id, apiKeyId: created.id });
  });

  it("refuses blank names with the spec's message and bad settings with messages naming the field", async () => {
    const blank = "Please enter a name for the API key";
    await expectError(await create(a.cookie, { name: "" }), 400, blank);
    await expectError(await create(a.cookie, { name: "   " }), 400, blank);
    await expectError(await create(a.cookie, {}), 400, blank);
    await expectError(await create(a.cookie, { name: "\u200b\u202e" }), 400, blank);
    await expectError(
      await create(a.cookie, { name: "x".repeat(101) }),
      400,
      "An API key name can be at most 100 characters",
    );
    const limitMessage = "rateLimitPerHour must be a whole number from 1 to 1,000,000";
    for (const rateLimitPerHour of [0, -5, 1_000_001, 2.5, "10", null]) {
      await expectError(await create(a.cookie, { name: "Key", rateLimitPerHour }), 400, limitMessage);
    }
    await expectError(
      await create(a.cookie, { name: "Key", expiresAt: "next week" }),
      400,
      "expiresAt must be an ISO 8601 date and time, e.g. 2027-01-31T23:59:59Z",
    );
    await expectError(
      await create(a.cookie, { name: "Key", expiresAt: "2026-11-20T10:29:59Z" }),
      400,
      "expiresAt must be in the future",
    );
    expect(await list(b.cookie)).toEqual([]);
  });

  it("restricts a key to the owner's agents or built-in agent types, naming an id that is neither", async () => {
    const agentResponse = await t.request("/api/custom-agents", {
      method: "POST",
      cookie: a.cookie,
      ...json({ name: "Coach", systemPrompt: "You coach." }),
    });
    expect(agentResponse.status).toBe(201);
    const agentA = (await agentResponse.json()) as { id: string };
    const agentB = (await (
      await t.request("/api/custom-agents", {
        method: "POST",
        cookie: b.cookie,
        ...json({ name: "B's agent", systemPrompt: "You help B." }),
      })
    ).json()) as { id: string };

    const scoped = await createKey(a.cookie, {
      name: "Scoped",
      allowedAgentIds: [agentA.id, "gtm", agentA.id, "legal"],
      rateLimitPerHour: 1,
      expiresAt: "2027-01-31T23:59:59+01:00",
    });
    expect(scoped).toMatchObject({
      allowedAgentIds: [agentA.id, "gtm", "legal"],
      rateLimitPerHour: 1,
      expiresAt: "2027-01-31T22:59:59.000Z",
    });

    const unknown = (id: string) =>
      `allowedAgentIds: no agent "${id}" among yours. Use your custom agents' ids or the built-in agent types (gtm, legal, vision, technical, fundraising).`;
    await expectError(
      await create(a.cookie, { name: "K", allowedAgentIds: ["gtm", agentB.id] }),
      400,
      unknown(agentB.id),
    );
    await expectError(
      await create(a.cookie, { name: "K", allowedAgentIds: ["not-an-agent"] }),
      400,
      unknown("not-an-agent"),
    );
    await expectError(
      await patch(a.cookie, scoped.id, { allowedAgentIds: ["executive"] }),
      400,
      unknown("executive"),
    );
    await expectError(
      await create(a.cookie, { name: "K", allowedAgentIds: [] }),
      400,
      "List at least one agent, or send null to allow every agent",
    );
    await expectError(
      await create(a.cookie, { name: "K", allowedAgentIds: "gtm" }),
      400,
      "allowedAgentIds must be a list of agent ids, or null for every agent",
    );

    const widened = await patch(a.cookie, scoped.id, { allowedAgentIds: null, expiresAt: null });
    expect(widened.status).toBe(200);
    expect(listedKeySchema.parse(await widened.json())).toMatchObject({
      allowedAgentIds: null,
      expiresAt: null,
    });
  });

  it("changes only the fields sent, within bounds, and only on the owner's keys", async () => {
    const key = await createKey(a.cookie, { name: "Staging" });
    const renamed = await patch(a.cookie, key.id, { name: " CI\u200b runner ", rateLimitPerHour: 1_000_000 });
    expect(renamed.status).toBe(200);
    const after = listedKeySchema.parse(await renamed.json());
    expect(after).toEqual({ ...key, key: undefined, name: "CI runner", rateLimitPerHour: 1_000_000 });
    expect(
      listedKeySchema.parse(await (await patch(a.cookie, key.id, { rateLimitPerHour: 1 })).json()),
    ).toMatchObject({ rateLimitPerHour: 1, name: "CI runner" });

    const empty = await patch(a.cookie, key.id, {});
    expect(listedKeySchema.parse(await empty.json())).toMatchObject({
      name: "CI runner",
      rateLimitPerHour: 1,
    });

    const limitMessage = "rateLimitPerHour must be a whole number from 1 to 1,000,000";
    await expectError(await patch(a.cookie, key.id, { rateLimitPerHour: 0 }), 400, limitMessage);
    await expectError(await patch(a.cookie, key.id, { rateLimitPerHour: 1_000_001 }), 400, limitMessage);
    await expectError(
      await patch(a.cookie, key.id, { name: " " }),
      400,
      "Please enter a name for the API key",
    );
    await expectError(
      await patch(a.cookie, key.id, { isActive: "no" }),
      400,
      "isActive must be true or false",
    );

    await expectError(await patch(b.cookie, key.id, { name: "Mine now" }), 404, "API key not found");
    await expectError(await patch(b.cookie, key.id, {}), 404, "API key not found");
    await expectError(await patch(a.cookie, "no-such-key", { isActive: false }), 404, "API key not found");
    expect((await list(a.cookie)).find((listed) => listed.id === key.id)?.name).toBe("CI runner");
  });

  it("refuses a deactivated key until it is active again, and an expired key once its moment has passed", async () => {
    const key = await createKey(a.cookie, { name: "Toggle" });
    expect((await callWith(key.key)).status).toBe(200);
    expect((await patch(a.cookie, key.id, { isActive: false })).status).toBe(200);
    await expectError(await callWith(key.key), 401, "Invalid or inactive API key");
    expect((await patch(a.cookie, key.id, { isActive: true })).status).toBe(200);
    expect((await callWith(key.key)).status).toBe(200);

    const expiring = await createKey(a.cookie, {
      name: "Expiring",
      expiresAt: new Date(time + HOUR_MS).toISOString(),
    });
    expect((await callWith(expiring.key)).status).toBe(200);
    time += HOUR_MS;
    await expectError(await callWith(expiring.key), 401, "This API key has expired");
    // Still listed (its owner may extend it), but no longer counted among the usable keys.
    expect((await list(a.cookie)).find((listed) => listed.id === expiring.id)?.expiresAt).toBe(
      new Date(time).toISOString(),
    );
    await expectError(
      await patch(a.cookie, expiring.id, { expiresAt: new Date(time - 1).toISOString() }),
      400,
      "expiresAt must be in the future",
    );
    expect((await patch(a.cookie, expiring.id, { expiresAt: null })).status).toBe(200);
    expect((await callWith(expiring.key)).status).toBe(200);

    // Unknown and malformed keys are refused like deactivated ones.
    await expectError(await callWith(`${key.key.slice(0, -1)}x`), 401, "Invalid or inactive API key");
    await expectError(await callWith("acp_live_"), 401, "Invalid or inactive API key");
  });

  it("counts only unknown keys against the client IP's lookup limit, not a real key that is deactivated", async () => {
    const valid = await createKey(a.cookie, { name: "Valid" });
    const revoked = await createKey(a.cookie, { name: "Revoked" });
    expect((await patch(a.cookie, revoked.id, { isActive: false })).status).toBe(200);
    const from = (key: string) =>
      t.request("/api/probe", {
        method: "POST",
        clientIp: "198.51.100.7",
        headers: { authorization: `Bearer ${key}` },
      });
    for (let call = 0; call < FAILED_SESSION_LOOKUPS_PER_IP + 5; call++) {
      expect((await from(revoked.key)).status).toBe(401);
    }
    expect((await from(valid.key)).status).toBe(200);
  });

  it("deletes only the owner's keys; a deleted key is refused", async () => {
    const key = await createKey(a.cookie, { name: "Doomed" });
    await expectError(await remove(b.cookie, key.id), 404, "API key not found");
    expect((await callWith(key.key)).status).toBe(200);
    const deleted = await remove(a.cookie, key.id);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    await expectError(await callWith(key.key), 401, "Invalid or inactive API key");
    await expectError(await remove(a.cookie, key.id), 404, "API key not found");
    expect((await list(a.cookie)).map((listed) => listed.id)).not.toContain(key.id);
  });

  it("lists the user's keys newest first, never another user's, without the full key or its hash", async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const first = await createKey(owner.cookie, { name: "First" });
    time += 1000;
    const second = await createKey(owner.cookie, { name: "Second", rateLimitPerHour: 250 });
    await createKey(stranger.cookie, { name: "Stranger's" });
    const response = await t.request("/api/api-keys", { cookie: owner.cookie });
    const text = await response.text();
    for (const key of [first, second]) {
      expect(text).not.toContain(key.key.slice(API_KEY_PREFIX.length));
      expect(text).not.toContain(apiKeyHash(key.key));
    }
    expect(text).not.toMatch(/"keyHash"|"key"/);
    const listed = keyListSchema.parse(JSON.parse(text));
    expect(listed.map((key) => [key.name, key.rateLimitPerHour])).toEqual([
      ["Second", 250],
      ["First", 1000],
    ]);
    expect((await list(stranger.cookie)).map((key) => key.name)).toEqual(["Stranger's"]);
    expect((await t.request("/api/api-keys")).status).toBe(401);
  });

  it("notes lastUsed in memory (no write per request), shows it at once and writes it on flush", async () => {
    const key = await createKey(a.cookie, { name: "Busy" });
    const storedLastUsed = async () =>
      (
        await t.database.db.select({ lastUsed: apiKeys.lastUsed }).from(apiKeys).where(eq(apiKeys.id, key.id))
      )[0]?.lastUsed;
    for (let call = 0; call < 5; call++) {
      time += 1000;
      expect((await callWith(key.key)).status).toBe(200);
    }
    expect(await storedLastUsed()).toBeNull();
    expect((await list(a.cookie)).find((listed) => listed.id === key.id)?.lastUsed).toBe(
      new Date(time).toISOString(),
    );
    await t.deps.apiKeyLastUsed.flush();
    expect(await storedLastUsed()).toEqual(new Date(time));
    // An older use flushed later (another instance's) never moves it back.
    t.deps.apiKeyLastUsed.touch(key.id, new Date(time - HOUR_MS));
    await t.deps.apiKeyLastUsed.flush();
    expect(await storedLastUsed()).toEqual(new Date(time));
  });

  it("carries each key's requests in the usage window (the current UTC hour and the 23 before it)", async () => {
    const owner = await signUp(t);
    const busy = await createKey(owner.cookie, { name: "Busy" });
    time += 1000;
    const quiet = await createKey(owner.cookie, { name: "Quiet" });
    const now = clock();
    const windowStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - 23 * HOUR_MS);
    const entry = (apiKeyId: string | null, at: Date): ApiUsageEntry => ({
      userId: owner.user.id,
      apiKeyId,
      agentEndpoint: "agent-coach-1",
      operation: "agent",
      status: 200,
      latencyMs: 5,
      promptTokens: null,
      completionTokens: null,
      at,
    });
    for (const at of [windowStart, now, new Date(now.getTime() - HOUR_MS)])
      t.deps.apiUsage.record(entry(busy.id, at));
    t.deps.apiUsage.record(entry(busy.id, new Date(windowStart.getTime() - 1)));
    t.deps.apiUsage.record(entry(null, now));
    // Not flushed by the test: the list writes the buffered entries before counting.
    const listed = await list(owner.cookie);
    expect(listed.map((key) => [key.name, key.requestsToday])).toEqual([
      ["Quiet", 0],
      ["Busy", 3],
    ]);
    expect(quiet.requestsToday).toBe(0);
  });
});
