// GET /api/documents at a real size: 10,000 documents inserted directly, searched, filtered and paged on both engines;
// the whole-list answer callers already read keeps its shape, and bad parameters answer 400 naming the problem.
import { documentPageSchema, knowledgeDocumentSchema } from "@acp/contracts/knowledge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { customAgents, documents } from "../db/schema";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";

const COUNT = 10_000;
const STATUSES = ["processing", "completed", "failed"] as const;
const KINDS = [
  { type: "pdf", ext: "pdf", mime: "application/pdf" },
  {
    type: "word",
    ext: "docx",
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  { type: "text", ext: "txt", mime: "text/plain" },
  { type: "csv", ext: "csv", mime: "text/csv" },
  { type: "excel", ext: "xls", mime: "application/vnd.ms-excel" },
  { type: "json", ext: "json", mime: "application/json" },
  { type: "word", ext: "doc", mime: "application/msword" },
] as const;
const CUSTOM = "custom";
const AGENTS = ["gtm", "legal", "vision", "technical", "fundraising", "qa-compliance", null, CUSTOM] as const;

type Seeded = { id: string; name: string; status: string; agent: string | null; type: string; i: number };

/** Document `i` of the seeded user: every combination of status, agent and type occurs; names vary by number. */
function seeded(i: number, customId: string): Seeded {
  const kind = KINDS[i % KINDS.length] as (typeof KINDS)[number];
  const agent = AGENTS[i % AGENTS.length] ?? null;
  // Every 500th name carries LIKE's own characters, which a search must take literally.
  const stem = i % 500 === 7 ? `Q3 100%_done ${i}` : `report-${String(i).padStart(5, "0")}`;
  return {
    id: `doc-${String(i).padStart(5, "0")}`,
    name: `${stem}.${kind.ext}`,
    status: STATUSES[i % STATUSES.length] as string,
    agent: agent === CUSTOM ? customId : agent,
    type: kind.type,
    i,
  };
}

const pageSchema = documentPageSchema
  .extend({ documents: z.array(knowledgeDocumentSchema.strict()) })
  .strict();

describe.each(engines)("finding documents among 10,000 on %s", (engine) => {
  let t: TestApp;
  let cookie: string;
  let otherCookie: string;
  let all: Seeded[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    const a = await signUp(t);
    const b = await signUp(t);
    cookie = a.cookie;
    otherCookie = b.cookie;
    const [agent] = await t.database.db
      .insert(customAgents)
      .values({
        userId: a.user.id,
        name: "Pricing Desk",
        systemPrompt: "Prices.",
        apiEndpoint: "agent-pricing-1",
      })
      .returning({ id: customAgents.id });
    const customId = agent?.id ?? "";
    all = Array.from({ length: COUNT }, (_, i) => seeded(i, customId));
    // Two documents per second, so the id breaks ties in the order; the newest is the last seeded.
    const base = Date.UTC(2026, 0, 1);
    const rows = all.map((d) => ({
      id: d.id,
      userId: a.user.id,
      originalName: d.name,
      name: d.name,
      mimeType: KINDS[d.i % KINDS.length]?.mime ?? "",
      size: 1000 + d.i,
      status: d.status as (typeof STATUSES)[number],
      stage: d.status === "processing" ? ("embedding" as const) : (d.status as "completed" | "failed"),
      progress: d.status === "processing" ? 50 : 100,
      agentId: d.agent,
      category: null,
      createdAt: new Date(base + Math.floor(d.i / 2) * 1000),
    }));
    // Another user's documents, with the same names, are never found.
    const others = rows.slice(0, 300).map((row) => ({ ...row, id: `other-${row.id}`, userId: b.user.id }));
    const batch = 1000;
    for (let at = 0; at < rows.length; at += batch) {
      await t.database.db.insert(documents).values(rows.slice(at, at + batch));
    }
    await t.database.db.insert(documents).values(others);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const newestFirst = (list: Seeded[]) => [...list].sort((x, y) => y.i - x.i).map((d) => d.id);

  async function get(query: string, as = cookie): Promise<Response> {
    return t.request(`/api/documents${query}`, { cookie: as });
  }

  async function page(query: string) {
    const started = performance.now();
    const response = await get(query);
    const ms = performance.now() - started;
    expect(response.status).toBe(200);
    return { ...pageSchema.parse(await response.json()), ms };
  }

  /** Every page of `query`, `limit` at a time, checking each page's total and bounds. */
  async function everyPage(query: string, limit: number): Promise<{ ids: string[]; total: number }> {
    const ids: string[] = [];
    let total = -1;
    for (let offset = 0; total < 0 || offset < total; offset += limit) {
      const answer = await page(`${query}${query ? "&" : "?"}limit=${limit}&offset=${offset}`);
      if (total < 0) total = answer.total;
      expect([answer.total, answer.limit, answer.offset]).toEqual([total, limit, offset]);
      expect(answer.documents.length).toBe(Math.min(limit, total - offset));
      ids.push(...answer.documents.map((d) => d.id));
    }
    return { ids, total };
  }

  it("pages newest first with the total: the first, a middle and the last page, and past the end", async () => {
    const expected = newestFirst(all);
    const first = await page("?limit=50");
    expect(first.total).toBe(COUNT);
    expect([first.limit, first.offset]).toEqual([50, 0]);
    expect(first.documents.map((d) => d.id)).toEqual(expected.slice(0, 50));
    const middle = await page("?limit=100&offset=4321");
    expect(middle.documents.map((d) => d.id)).toEqual(expected.slice(4321, 4421));
    const last = await page("?offset=9990");
    expect([last.limit, last.total]).toEqual([50, COUNT]);
    expect(last.documents.map((d) => d.id)).toEqual(expected.slice(9990));
    const past = await page("?limit=50&offset=10000");
    expect([past.documents.length, past.total]).toEqual([0, COUNT]);
    // Fast at this size: each page well under a second, even on a shared two-core machine.
    expect(Math.max(first.ms, middle.ms, last.ms)).toBeLessThan(1_000);
  });

  it("searches names in any case, taking % and _ literally, alone and with every filter", async () => {
    const search = await everyPage("?q=REPORT-012", 30);
    expect(search.ids).toEqual(newestFirst(all.filter((d) => d.name.startsWith("report-012"))));
    expect(search.total).toBe(100);

    const literal = await everyPage(`?q=${encodeURIComponent("100%_d")}`, 100);
    expect(literal.ids).toEqual(newestFirst(all.filter((d) => d.name.includes("100%_d"))));
    expect(literal.total).toBe(20);
    expect((await page(`?limit=10&q=${encodeURIComponent("%")}`)).total).toBe(20);
    expect((await page(`?limit=10&q=${encodeURIComponent("_")}`)).total).toBe(20);

    const combined = await everyPage("?q=report-0&status=failed&type=word&agent=legal", 7);
    expect(combined.ids).toEqual(
      newestFirst(
        all.filter(
          (d) =>
            d.name.startsWith("report-0") &&
            d.status === "failed" &&
            d.type === "word" &&
            d.agent === "legal",
        ),
      ),
    );
    expect(combined.total).toBeGreaterThan(7);
  });

  it("filters by status, by type (Word is doc and docx) and by agent, custom and none included", async () => {
    for (const status of STATUSES) {
      const answer = await page(`?status=${status}&limit=100&offset=200`);
      const expected = newestFirst(all.filter((d) => d.status === status));
      expect(answer.total).toBe(expected.length);
      expect(answer.documents.map((d) => d.id)).toEqual(expected.slice(200, 300));
      expect(answer.documents.every((d) => d.status === status)).toBe(true);
    }
    for (const type of ["pdf", "word", "text", "csv", "excel", "json"]) {
      const answer = await page(`?type=${type}&limit=100`);
      const expected = newestFirst(all.filter((d) => d.type === type));
      expect([type, answer.total]).toEqual([type, expected.length]);
      expect(answer.documents.map((d) => d.id)).toEqual(expected.slice(0, 100));
    }
    const customId = all.find((d) => d.i % AGENTS.length === AGENTS.indexOf(CUSTOM))?.agent ?? "";
    for (const [agent, matches] of [
      ["gtm", (d: Seeded) => d.agent === "gtm"],
      ["none", (d: Seeded) => d.agent === null],
      [customId, (d: Seeded) => d.agent === customId],
    ] as const) {
      const answer = await page(`?agent=${agent}&limit=100&offset=1000`);
      const expected = newestFirst(all.filter(matches));
      expect(answer.total).toBe(expected.length);
      expect(answer.documents.map((d) => d.id)).toEqual(expected.slice(1000, 1100));
    }
    const none = await page("?q=report-0001&agent=none&limit=100");
    expect(none.documents.every((d) => d.agentId === null)).toBe(true);
  });

  it("reads named documents by id, and never another user's", async () => {
    const ids = ["doc-00003", "doc-09999", "doc-00500", "other-doc-00001", "missing"];
    const answer = await page(`?ids=${ids.join(",")}&limit=100`);
    expect(answer.documents.map((d) => d.id)).toEqual(["doc-09999", "doc-00500", "doc-00003"]);
    const whole = await get(`?ids=${ids.join(",")}`);
    expect(
      z
        .array(knowledgeDocumentSchema)
        .parse(await whole.json())
        .map((d) => d.id),
    ).toEqual(["doc-09999", "doc-00500", "doc-00003"]);
    const other = await (await get("?limit=100", otherCookie)).json();
    expect(pageSchema.parse(other).total).toBe(300);
  });

  it("keeps the whole-list answer (an array) for the spec's reads without paging parameters", async () => {
    const whole = await get("");
    expect(whole.status).toBe(200);
    const list = z.array(knowledgeDocumentSchema.strict()).parse(await whole.json());
    expect(list.map((d) => d.id)).toEqual(newestFirst(all));
    const agent = z.array(knowledgeDocumentSchema.strict()).parse(await (await get("?agent=vision")).json());
    expect(agent.map((d) => d.id)).toEqual(newestFirst(all.filter((d) => d.agent === "vision")));
    const filtered = z
      .array(knowledgeDocumentSchema.strict())
      .parse(await (await get("?q=report-0000&type=pdf")).json());
    expect(filtered.map((d) => d.id)).toEqual(
      newestFirst(all.filter((d) => d.name.startsWith("report-0000") && d.type === "pdf")),
    );
  });

  it.each([
    ["?limit=0", "limit must be a whole number from 1 to 100"],
    ["?limit=101", "limit must be a whole number from 1 to 100"],
    ["?limit=ten", "limit must be a whole number from 1 to 100"],
    ["?limit=2.5", "limit must be a whole number from 1 to 100"],
    ["?offset=-1", "offset must be a whole number from 0 to 1000000"],
    ["?status=done", "status must be one of processing, completed, failed"],
    ["?type=exe", "type must be one of pdf, word, text, csv, excel, json"],
    ["?q=<201 characters>", "q must be at most 200 characters"],
    ["?ids=a,,b", "ids must be document ids separated by commas"],
    ["?ids=<101 ids>", "ids must name at most 100 documents"],
    ["?agent=", "agent must not be empty"],
  ])("answers %s with 400 naming the problem", async (query, message) => {
    const ids = Array.from({ length: 101 }, (_, i) => `d${i}`).join(",");
    const response = await get(query.replace("<101 ids>", ids).replace("<201 characters>", "x".repeat(201)));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "VALIDATION_ERROR", error: message });
  });
});
