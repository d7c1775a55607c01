// Which agent a public API call names (a custom agent's slug, or a built-in type for a key's owner) and who may call it.
import { BUILT_IN_AGENT_IDS, type BuiltInAgentId } from "@acp/contracts/agents";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { type ApiKeyRow, customAgents } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { getBuiltInAgent } from "../agents/list-built-in-agents";
import { builtInChatAgent, type ChatAgent, customChatAgent } from "../chat/resolve-chat-agent";

/** An agent a call may reach, with what the access rules and the request log need. */
export type AgentTarget = {
  /** Whose knowledge answers; calls without a key are logged under this user. */
  ownerId: string;
  /** What a key's allowedAgentIds names: the custom agent's id, or the built-in type. */
  accessId: string;
  /** What callers name it by (logged as the call's agent): the custom agent's apiEndpoint, or the built-in type. */
  endpoint: string;
  /** Public agents answer anyone, with or without a key (spec 6: the isPublic flag). */
  isPublic: boolean;
  /**
   * Whether the agent answers API calls at all: a built-in agent its owner switched off (PATCH /api/agents/{id}
   * `enabled: false`; all but gtm start off) does not, and is not listed as a model. Custom agents are always on.
   */
  enabled: boolean;
  agent: ChatAgent;
};

/** The slugs we issue (createCustomAgentSchema): anything else names no agent, and costs no query. */
const ENDPOINT_PATTERN = /^[a-z0-9][a-z0-9-]{0,199}$/;

/** The custom agent behind a public endpoint slug (slugs are unique across users), or undefined. */
export async function findAgentByEndpoint(db: Db, endpoint: string): Promise<AgentTarget | undefined> {
  if (!ENDPOINT_PATTERN.test(endpoint)) return undefined;
  const [row] = await db.select().from(customAgents).where(eq(customAgents.apiEndpoint, endpoint)).limit(1);
  if (!row) return undefined;
  return {
    ownerId: row.userId,
    accessId: row.id,
    endpoint: row.apiEndpoint,
    isPublic: row.isPublic,
    enabled: true,
    agent: customChatAgent(row),
  };
}

function isBuiltInAgentId(value: string): value is BuiltInAgentId {
  return (BUILT_IN_AGENT_IDS as readonly string[]).includes(value);
}

/**
 * A built-in agent of the key's owner, with the owner's settings for it and whether the owner switched it on. Never
 * public: built-ins are per user.
 */
export async function builtInTarget(db: Db, ownerId: string, agentId: BuiltInAgentId): Promise<AgentTarget> {
  const [agent, state] = await Promise.all([
    builtInChatAgent({ db, userId: ownerId, agentType: agentId }),
    getBuiltInAgent({ db, userId: ownerId, agentId }),
  ]);
  return { ownerId, accessId: agentId, endpoint: agentId, isPublic: false, enabled: state.enabled, agent };
}

const modelNotFound = (model: string) =>
  new AppError("NOT_FOUND", `The model '${model}' does not exist or you do not have access to it`);

/**
 * The agent an OpenAI-style `model` names. With a key: the owner's own custom agent of that slug, then the owner's
 * built-in agent of that type, then another user's agent of that slug (callable only when public). Without a key,
 * only custom agents are found (a built-in agent needs its owner, whom only a key identifies).
 */
export async function resolveModel({
  db,
  model,
  apiKey,
}: {
  db: Db;
  model: string;
  apiKey: ApiKeyRow | undefined;
}): Promise<AgentTarget> {
  const custom = await findAgentByEndpoint(db, model);
  if (apiKey) {
    if (custom?.ownerId === apiKey.userId) return custom;
    if (isBuiltInAgentId(model)) return builtInTarget(db, apiKey.userId, model);
  } else if (isBuiltInAgentId(model) && !custom) {
    throw new AppError(
      "UNAUTHORIZED",
      `The built-in agent '${model}' answers from its owner's knowledge: send an API key (Authorization: Bearer <key>)`,
    );
  }
  if (!custom) throw modelNotFound(model);
  return custom;
}

/** Whether the key may call the agent `accessId` names (allowedAgentIds null: every agent of its owner). */
export function keyAllowsAgent(apiKey: ApiKeyRow, accessId: string): boolean {
  return apiKey.allowedAgentIds === null || apiKey.allowedAgentIds.includes(accessId);
}

/**
 * Refuses a call the caller may not make: a public agent answers anyone, but a key restricted to some agents (sent,
 * and already checked to be valid) calls only those; any other agent needs a key of its owner (401 without one) that
 * is allowed to call it (403 otherwise). Then refuses a call to an agent its owner switched off (409, naming it): only
 * a caller who may call the agent learns that it is off.
 */
export function assertMayCall(target: AgentTarget, apiKey: ApiKeyRow | undefined): void {
  assertCallerAllowed(target, apiKey);
  if (!target.enabled) {
    throw new AppError(
      "CONFLICT",
      `The built-in agent '${target.endpoint}' (${target.agent.name}) is switched off: it answers no API calls until its owner switches it on under AI Agent Management`,
    );
  }
}

function assertCallerAllowed(target: AgentTarget, apiKey: ApiKeyRow | undefined): void {
  if (target.isPublic) {
    if (apiKey && apiKey.allowedAgentIds !== null && !apiKey.allowedAgentIds.includes(target.accessId)) {
      throw new AppError("FORBIDDEN", "This API key is not allowed to call this agent");
    }
    return;
  }
  if (!apiKey) {
    throw new AppError(
      "UNAUTHORIZED",
      "This agent is not public: send its owner's API key as Authorization: Bearer <key>",
    );
  }
  if (apiKey.userId !== target.ownerId) {
    throw new AppError("FORBIDDEN", "This API key belongs to another account: it cannot call this agent");
  }
  if (!keyAllowsAgent(apiKey, target.accessId)) {
    throw new AppError("FORBIDDEN", "This API key is not allowed to call this agent");
  }
}
