// GET /api/agents: the five built-in agents in the product's order, each with the signed-in user's state.
import { BUILT_IN_AGENTS } from "@acp/contracts/agents";
import type { BuiltInAgentState } from "@acp/contracts/chat";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { builtInAgentSettings } from "../../db/schema";
import { requireBuiltInAgent, toBuiltInAgentState } from "./built-in-agent-state";

export async function listBuiltInAgents({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<BuiltInAgentState[]> {
  const rows = await db.select().from(builtInAgentSettings).where(eq(builtInAgentSettings.userId, userId));
  return BUILT_IN_AGENTS.map((agent) =>
    toBuiltInAgentState(
      agent,
      rows.find((row) => row.agentId === agent.id),
    ),
  );
}

/** One built-in agent's state for the user; an unknown id is NOT_FOUND naming it. */
export async function getBuiltInAgent({
  db,
  userId,
  agentId,
}: {
  db: Db;
  userId: string;
  agentId: string;
}): Promise<BuiltInAgentState> {
  const agent = requireBuiltInAgent(agentId);
  const [row] = await db
    .select()
    .from(builtInAgentSettings)
    .where(and(eq(builtInAgentSettings.userId, userId), eq(builtInAgentSettings.agentId, agent.id)));
  return toBuiltInAgentState(agent, row);
}
