// Changes a custom agent's name, description, public flag or chat settings (PATCH: only the fields sent).
import type { CustomAgentDetail, UpdateCustomAgent } from "@acp/contracts/chat";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { customAgents } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { cleanDisplayName } from "../../lib/display-name";
import { toCustomAgentDetail } from "./custom-agent-response";
import { customAgentNotFound, getCustomAgent } from "./get-custom-agent";

/** An empty patch answers the agent as it is; a name with nothing visible left after cleaning is refused. */
export async function updateCustomAgent({
  db,
  userId,
  agentId,
  patch,
}: {
  db: Db;
  userId: string;
  agentId: string;
  patch: Partial<UpdateCustomAgent>;
}): Promise<CustomAgentDetail> {
  const set: Partial<typeof customAgents.$inferInsert> = {};
  if (patch.name !== undefined) {
    const name = cleanDisplayName(patch.name);
    if (!name) {
      throw new AppError("VALIDATION_ERROR", "name: The name cannot be blank", {
        details: [{ path: ["name"], message: "The name cannot be blank", code: "too_small" }],
      });
    }
    set.name = name;
  }
  if (patch.description !== undefined) set.description = patch.description?.trim() || null;
  if (patch.isPublic !== undefined) set.isPublic = patch.isPublic;
  if (patch.systemPrompt !== undefined) set.systemPrompt = patch.systemPrompt;
  if (patch.model !== undefined) set.model = patch.model;
  if (patch.temperature !== undefined) set.temperature = patch.temperature;
  if (patch.topK !== undefined) set.topK = patch.topK;
  if (Object.keys(set).length === 0) {
    return toCustomAgentDetail(await getCustomAgent({ db, userId, agentId }));
  }
  const [row] = await db
    .update(customAgents)
    .set(set)
    .where(and(eq(customAgents.id, agentId), eq(customAgents.userId, userId)))
    .returning();
  if (!row) throw customAgentNotFound();
  return toCustomAgentDetail(row);
}
