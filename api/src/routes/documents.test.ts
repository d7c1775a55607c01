// GET /api/documents: the user's own documents, newest first, optionally per agent, in the contract's shape.
import { documentSchema } from "@acp/contracts/entities";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { documents } from "../db/schema";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";

const documentListSchema = z.array(documentSchema.strict());

describe.each(engines)("GET /api/documents on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const doc = (
    userId: string,
    name: string,
    createdAt: string,
    extra: Partial<typeof documents.$inferInsert> = {},
  ) => ({
    userId,
    originalName: `${name}.pdf`,
    name,
    mimeType: "application/pdf",
    size: 1234,
    createdAt: new Date(createdAt),
    ...extra,
  });

  it("returns the user's documents newest first in the contract's shape, never another user's", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const [older] = await t.database.db
      .insert(documents)
      .values(doc(a.user.id, "older", "2026-05-01T08:00:00.000Z", { status: "completed", category: "Sales" }))
      .returning();
    const [newer] = await t.database.db
      .insert(documents)
      .values(
        doc(a.user.id, "newer", "2026-05-02T08:00:00.000Z", {
          status: "failed",
          agentId: "gtm",
          error: "Could not read the PDF",
        }),
      )
      .returning();
    await t.database.db.insert(documents).values(doc(b.user.id, "b-only", "2026-05-03T08:00:00.000Z"));

    const response = await t.request("/api/documents", { cookie: a.cookie });
    expect(response.status).toBe(200);
    const list = documentListSchema.parse(await response.json());
    expect(list).toEqual([
      {
        id: newer?.id,
        originalName: "newer.pdf",
        name: "newer",
        mimeType: "application/pdf",
        size: 1234,
        status: "failed",
        category: null,
        createdAt: "2026-05-02T08:00:00.000Z",
        agentId: "gtm",
        error: "Could not read the PDF",
      },
      {
        id: older?.id,
        originalName: "older.pdf",
        name: "older",
        mimeType: "application/pdf",
        size: 1234,
        status: "completed",
        category: "Sales",
        createdAt: "2026-05-01T08:00:00.000Z",
        agentId: null,
        error: null,
      },
    ]);

    const forB = documentListSchema.parse(
      await (await t.request("/api/documents", { cookie: b.cookie })).json(),
    );
    expect(forB.map((d) => d.name)).toEqual(["b-only"]);

    // The dashboard counts the same documents the list shows.
    const metrics = (await (await t.request("/api/dashboard/metrics", { cookie: a.cookie })).json()) as {
      totalDocuments: number;
    };
    expect(metrics.totalDocuments).toBe(list.length);
  });

  it("filters by agent association with ?agent=", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await t.database.db
      .insert(documents)
      .values([
        doc(a.user.id, "gtm-1", "2026-05-01T08:00:00.000Z", { agentId: "gtm" }),
        doc(a.user.id, "legal-1", "2026-05-02T08:00:00.000Z", { agentId: "legal" }),
        doc(a.user.id, "gtm-2", "2026-05-03T08:00:00.000Z", { agentId: "gtm" }),
        doc(a.user.id, "none", "2026-05-04T08:00:00.000Z"),
        doc(b.user.id, "b-gtm", "2026-05-05T08:00:00.000Z", { agentId: "gtm" }),
      ]);
    const names = async (query: string) => {
      const response = await t.request(`/api/documents${query}`, { cookie: a.cookie });
      expect(response.status).toBe(200);
      return documentListSchema.parse(await response.json()).map((d) => d.name);
    };
    expect(await names("?agent=gtm")).toEqual(["gtm-2", "gtm-1"]);
    expect(await names("?agent=legal")).toEqual(["legal-1"]);
    expect(await names("?agent=vision")).toEqual([]);
    expect(await names("")).toEqual(["none", "gtm-2", "legal-1", "gtm-1"]);

    const empty = await t.request("/api/documents?agent=", { cookie: a.cookie });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { code: string }).code).toBe("VALIDATION_ERROR");
  });
});
