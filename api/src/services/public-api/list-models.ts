// GET /api/v1/models: the agents an API key may call, as OpenAI's model list (ids: custom agent slugs, built-in types).
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { type ApiKeyRow, customAgents, type UserRow } from "../../db/schema";
import { listBuiltInAgents } from "../agents/list-built-in-agents";
import { keyAllowsAgent } from "./agent-target";
import type { ModelList } from "./openai-chat";

/**
 * The key owner's custom agents and switched-on built-in agents that the key is allowed to call. Other users' public
 * agents are callable by their slug but never listed: a key shows its own account, not who else publishes what.
 */
export async function listModels({
  db,
  apiKey,
  owner,
}: {
  db: Db;
  apiKey: ApiKeyRow;
  owner: UserRow;
}): Promise<ModelList> {
  const rows = await db
    .select({
      id: customAgents.id,
      name: customAgents.name,
      apiEndpoint: customAgents.apiEndpoint,
      createdAt: customAgents.createdAt,
    })
    .from(customAgents)
    .where(eq(customAgents.userId, owner.id))
    .orderBy(asc(customAgents.createdAt), asc(customAgents.id));
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const custom = rows
    .filter((row) => keyAllowsAgent(apiKey, row.id))
    .map((row) => ({
      id: row.apiEndpoint,
      object: "model" as const,
      created: seconds(row.createdAt),
      owned_by: "custom-agent",
      name: row.name,
    }));
  const slugs = new Set(custom.map((model) => model.id));
  // A built-in agent exists for a user from the moment the account does, but answers (and is listed) only while its
  // owner has it switched on; an own slug of the same name shadows it.
  const builtIn = (await listBuiltInAgents({ db, userId: owner.id }))
    .filter((agent) => agent.enabled && keyAllowsAgent(apiKey, agent.id) && !slugs.has(agent.id))
    .map((agent) => ({
      id: agent.id,
      object: "model" as const,
      created: seconds(owner.createdAt),
      owned_by: "built-in-agent",
      name: agent.name,
    }));
  return { object: "list", data: [...builtIn, ...custom] };
}

/**
 * A public custom agent by its slug, as OpenAI's model object, for any caller (anonymous included): whoever has the
 * slug may call the agent, so may read its name. Undefined for any other name.
 */
export async function findPublicModel(db: Db, slug: string): Promise<ModelList["data"][number] | undefined> {
  const [row] = await db
    .select({
      name: customAgents.name,
      apiEndpoint: customAgents.apiEndpoint,
      createdAt: customAgents.createdAt,
    })
    .from(customAgents)
    .where(and(eq(customAgents.apiEndpoint, slug), eq(customAgents.isPublic, true)))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.apiEndpoint,
    object: "model",
    created: Math.floor(row.createdAt.getTime() / 1000),
    owned_by: "custom-agent",
    name: row.name,
  };
}
