// GET /api/api-keys: the user's own keys, newest first, with the preview and never the key or its hash.
import { apiKeySchema } from "@acp/contracts/entities";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { apiKeys } from "../db/schema";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";

const keyListSchema = z.array(apiKeySchema.omit({ key: true }).strict());

describe.each(engines)("GET /api/api-keys on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists the user's keys newest first without the full key or its hash, never another user's", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const hashA1 = `hash-a1-${a.user.id}`;
    const hashA2 = `hash-a2-${a.user.id}`;
    const [production] = await t.database.db
      .insert(apiKeys)
      .values({
        userId: a.user.id,
        name: "Production",
        keyHash: hashA1,
        keyPreview: "acp_live_…9f3a",
        lastUsed: new Date("2026-05-09T12:00:00.000Z"),
        createdAt: new Date("2026-05-01T12:00:00.000Z"),
      })
      .returning();
    const [staging] = await t.database.db
      .insert(apiKeys)
      .values({
        userId: a.user.id,
        name: "Staging",
        keyHash: hashA2,
        keyPreview: "acp_live_…11b0",
        isActive: false,
        createdAt: new Date("2026-05-02T12:00:00.000Z"),
      })
      .returning();
    await t.database.db.insert(apiKeys).values({
      userId: b.user.id,
      name: "B key",
      keyHash: `hash-b-${b.user.id}`,
      keyPreview: "acp_live_…bbbb",
    });

    const response = await t.request("/api/api-keys", { cookie: a.cookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(hashA1);
    expect(text).not.toContain(hashA2);
    expect(text).not.toMatch(/"keyHash"|"key"/);
    expect(keyListSchema.parse(JSON.parse(text))).toEqual([
      {
        id: staging?.id,
        name: "Staging",
        keyPreview: "acp_live_…11b0",
        isActive: false,
        createdAt: "2026-05-02T12:00:00.000Z",
        lastUsed: null,
      },
      {
        id: production?.id,
        name: "Production",
        keyPreview: "acp_live_…9f3a",
        isActive: true,
        createdAt: "2026-05-01T12:00:00.000Z",
        lastUsed: "2026-05-09T12:00:00.000Z",
      },
    ]);

    const forB = keyListSchema.parse(await (await t.request("/api/api-keys", { cookie: b.cookie })).json());
    expect(forB.map((key) => key.name)).toEqual(["B key"]);
  });
});
