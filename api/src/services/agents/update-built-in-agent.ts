// PATCH /api/agents/{id}: switches a built-in agent on or off for the user and changes its chat settings.

import type { BuiltInAgentState, UpdateBuiltInAgent } from "@acp/contracts/chat";
import { AGENT_TEMPERATURE, AGENT_TOP_K } from "@acp/contracts/constants";
import type { Db } from "../../db/create-database";
import { builtInAgentSettings } from "../../db/schema";
import { enabledByDefault, requireBuiltInAgent, toBuiltInAgentState } from "./built-in-agent-state";
import { getBuiltInAgent } from "./list-built-in-agents";

/** As UpdateBuiltInAgent, where a null systemPrompt restores the agent's default prompt. */
type BuiltInAgentPatch = Omit<UpdateBuiltInAgent, "systemPrompt"> & { systemPrompt?: string | null };

/**
 * Only the fields sent change. The user's first change stores a row holding the defaults for the others, in one
 * upsert, so two changes at once never lose each other's fields. An empty patch answers the agent as it is.
 */
export async function updateBuiltInAgent({
  db,
  userId,
  agentId,
  patch,
}: {
  db: Db;
  userId: string;
  agentId: string;
  patch: BuiltInAgentPatch;
}): Promise<BuiltInAgentState> {
  const agent = requireBuiltInAgent(agentId);
  const set: Partial<typeof builtInAgentSettings.$inferInsert> = {};
  if (patch.enabled !== undefined) set.enabled = patch.enabled;
  if (patch.systemPrompt !== undefined) set.systemPrompt = patch.systemPrompt;
  if (patch.model !== undefined) set.model = patch.model;
  if (patch.temperature !== undefined) set.temperature = patch.temperature;
  if (patch.topK !== undefined) set.topK = patch.topK;
  if (Object.keys(set).length === 0) return getBuiltInAgent({ db, userId, agentId: agent.id });
  const [row] = await db
    .insert(builtInAgentSettings)
    .values({
      userId,
      agentId: agent.id,
      enabled: enabledByDefault(agent),
      temperature: AGENT_TEMPERATURE.default,
      topK: AGENT_TOP_K.default,
      ...set,
    })
    .onConflictDoUpdate({ target: [builtInAgentSettings.userId, builtInAgentSettings.agentId], set })
    .returning();
  return toBuiltInAgentState(agent, row);
}
