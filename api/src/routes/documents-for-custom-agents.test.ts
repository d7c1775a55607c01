// Knowledge for custom agents: uploads and data sources accept the user's own custom agent's id, refuse another
// user's (and any unknown id) before anything is stored, and what is stored counts for that agent's searches.
import { knowledgeDocumentSchema, uploadResponseSchema } from "@acp/contracts/knowledge";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { documents } from "../db/schema";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { listDocumentsFor, uploadFiles, waitForDocument } from "../test/uploads";

describe.each(engines)("documents for custom agents on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const json = (body: unknown) => ({
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

  async function createAgent(cookie: string, name: string): Promise<string> {
    const response = await t.request("/api/custom-agents", {
      method: "POST",
      cookie,
      ...json({ name, systemPrompt: "You answer from the pricing handbook.", agentType: "custom" }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  const addDataSource = (cookie: string, agentId: string, name = "Price list") =>
    t.request("/api/data-sources", {
      method: "POST",
      cookie,
      ...json({ name, type: "text", content: "Zephyr plans cost 42 euros.", agentId }),
    });

  const storedCount = async () => (await t.database.db.select({ n: count() }).from(documents))[0]?.n ?? 0;

  it("accepts the user's own custom agent for uploads and data sources, listed under that agent", async () => {
    const a = await signUp(t);
    const agentId = await createAgent(a.cookie, "Pricing Desk");
    const upload = await uploadFiles(
      t,
      a.cookie,
      [{ name: "tiers.txt", content: "Quasar tier: 99 euros." }],
      {
        agentId,
      },
    );
    expect(upload.status).toBe(201);
    const [uploaded] = uploadResponseSchema.parse(await upload.json()).documents;
    expect(uploaded?.agentId).toBe(agentId);
    const source = await addDataSource(a.cookie, agentId);
    expect(source.status).toBe(201);
    const { document } = z.object({ document: knowledgeDocumentSchema }).parse(await source.json());
    expect(document.agentId).toBe(agentId);
    expect((await listDocumentsFor(t, a.cookie, `?agent=${agentId}`)).map((d) => d.originalName)).toEqual([
      "Price list",
      "tiers.txt",
    ]);

    // Once processed, they are the agent's knowledge: its searches find them, a built-in agent's do not.
    for (const id of [uploaded?.id ?? "", document.id]) {
      expect((await waitForDocument(t, a.cookie, id)).document.status).toBe("completed");
    }
    const search = async (agent: string) => {
      const response = await t.request("/api/retrieval/search", {
        method: "POST",
        cookie: a.cookie,
        ...json({ query: "Quasar tier Zephyr plans", agentId: agent }),
      });
      expect(response.status).toBe(200);
      const { results } = (await response.json()) as { results: { documentName: string }[] };
      return [...new Set(results.map((result) => result.documentName))].sort();
    };
    expect(await search(agentId)).toEqual(["Price list", "tiers.txt"]);
    expect(await search("legal")).toEqual([]);
  });

  it("refuses another user's custom agent and unknown agents with 400, storing nothing", async () => {
    const owner = await signUp(t);
    const intruder = await signUp(t);
    const agentId = await createAgent(owner.cookie, "Owner's Desk");
    const before = await storedCount();
    for (const id of [agentId, "no-such-agent"]) {
      const upload = await uploadFiles(t, intruder.cookie, [{ name: "x.txt", content: "Sneaky." }], {
        agentId: id,
      });
      expect(upload.status).toBe(400);
      expect(await upload.json()).toMatchObject({
        code: "VALIDATION_ERROR",
        error: "agentId must be a built-in agent or one of your custom agents",
      });
      const source = await addDataSource(intruder.cookie, id);
      expect(source.status).toBe(400);
      expect(await source.json()).toMatchObject({
        code: "VALIDATION_ERROR",
        error: "agentId must be a built-in agent or one of your custom agents",
      });
    }
    expect(await storedCount()).toBe(before);
    // Built-in agents, QA and Compliance included, and no agent at all stay accepted.
    for (const agentId of ["gtm", "qa-compliance", undefined]) {
      const upload = await uploadFiles(t, intruder.cookie, [{ name: `${agentId}.txt`, content: "Fine." }], {
        ...(agentId ? { agentId } : {}),
      });
      expect(upload.status).toBe(201);
    }
  });
});
