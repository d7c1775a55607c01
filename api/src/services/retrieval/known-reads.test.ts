// A request that read the user's embedder and the agent's re-ranker row already (a chat turn's one statement) hands
// them to retrieval, which then answers from them for that user only, and reads for anyone else as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/create-database";
import { agentTrainedModels, userEmbedders } from "../../db/schema";
import { insertUser, retrievalDeps } from "../../test/retrieval";
import { createTestDatabase, engines } from "../../test/test-app";
import { activeEmbedderId, withKnownEmbedder } from "./embedder-migration";
import { AgentRankerCache } from "./rerank/trained-models";
import type { RetrievalDeps } from "./retrieval-deps";
import { readAgentSearch } from "./search-as-agent";

describe("reads a request made already", () => {
  let database: Database;
  let deps: RetrievalDeps;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    deps = retrievalDeps(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("answers the active embedder from the known row for its user only", async () => {
    const user = await insertUser(database);
    const other = await insertUser(database);
    await database.db.insert(userEmbedders).values([
      { userId: user, active: "stored-embedder" },
      { userId: other, active: "other-embedder" },
    ]);
    expect(await activeEmbedderId(withKnownEmbedder(deps, user, "known-embedder"), user)).toBe(
      "known-embedder",
    );
    // No row known: the configured embedder, as a read finding no row answers.
    expect(await activeEmbedderId(withKnownEmbedder(deps, user, null), user)).toBe(deps.embedder.id);
    // Another user is read as before; the deps given are left as they were.
    expect(await activeEmbedderId(withKnownEmbedder(deps, user, "known-embedder"), other)).toBe(
      "other-embedder",
    );
    expect(await activeEmbedderId(deps, user)).toBe("stored-embedder");
  });

  it("has no re-ranker for an agent whose known row is none", async () => {
    const user = await insertUser(database);
    const rankers = new AgentRankerCache(database.db);
    expect(await rankers.fromRow({ userId: user, agentKey: "gtm" }, null)).toBeNull();
    // A row id that is gone by the time it is read: none, as get() answers for a replaced row.
    expect(await rankers.fromRow({ userId: user, agentKey: "gtm" }, crypto.randomUUID())).toBeNull();
  });
});

describe.each(engines)("an agent search's reads in one statement on %s", (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("reads the user's embedder and that agent's re-ranker row, and neither when there are none", async () => {
    const user = await insertUser(database);
    const other = await insertUser(database);
    expect(await readAgentSearch(database.db, { userId: user, agentKey: "gtm" })).toEqual({
      embedder: null,
      rerankerId: null,
    });
    await database.db.insert(userEmbedders).values({ userId: user, active: "some-embedder" });
    const [reranker] = await database.db
      .insert(agentTrainedModels)
      .values({ userId: user, agentKey: "gtm", kind: "reranker", artifact: new Uint8Array([1]) })
      .returning({ id: agentTrainedModels.id });
    // Another agent's, another kind's and another user's rows are not this search's.
    await database.db.insert(agentTrainedModels).values([
      { userId: user, agentKey: "legal", kind: "reranker", artifact: new Uint8Array([2]) },
      { userId: user, agentKey: "gtm", kind: "fine-tuned-chat", modelId: "ft:gtm" },
      { userId: other, agentKey: "gtm", kind: "reranker", artifact: new Uint8Array([3]) },
    ]);
    expect(await readAgentSearch(database.db, { userId: user, agentKey: "gtm" })).toEqual({
      embedder: "some-embedder",
      rerankerId: reranker?.id,
    });
    expect(await readAgentSearch(database.db, { userId: user, agentKey: "vision" })).toEqual({
      embedder: "some-embedder",
      rerankerId: null,
    });
    expect(await readAgentSearch(database.db, { userId: crypto.randomUUID(), agentKey: "gtm" })).toEqual({
      embedder: null,
      rerankerId: null,
    });
  });
});
