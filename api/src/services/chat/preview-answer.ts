// One answer without a conversation (the retrieval lab's "Ask the agent", issue 28): the chat's own pipeline
// (retrievePassages, then answerFromPassages) for a first question, so the answer and its trace are the ones the chat
// would give; nothing is stored.
import { findBuiltInAgent } from "@acp/contracts/agents";
import { DATA_SOURCE_AGENTS } from "@acp/contracts/knowledge-constants";
import type { RetrievalAnswer } from "@acp/contracts/retrieval-answer";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { customAgents } from "../../db/schema";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { chatFailureError } from "./chat-service";
import { answerFromPassages, retrievePassages } from "./grounded-answer";
import { builtInChatAgent, type ChatAgent, customChatAgent } from "./resolve-chat-agent";

/** The agent `agentId` names for `userId`: one of their custom agents, a built-in agent or a data-source target. */
async function chatAgentById(db: Db, userId: string, agentId: string): Promise<ChatAgent> {
  const [custom] = await db
    .select()
    .from(customAgents)
    .where(and(eq(customAgents.id, agentId), eq(customAgents.userId, userId)));
  if (custom) return customChatAgent(custom);
  if (findBuiltInAgent(agentId) || DATA_SOURCE_AGENTS.some((target) => target.id === agentId)) {
    return builtInChatAgent({ db, userId, agentType: agentId });
  }
  throw new AppError("NOT_FOUND", "No agent with this id");
}

/**
 * The agent's answer to `question` as a new conversation's first answer. A chat-model failure is the HTTP error the
 * chat answers with (429, 502, 503, 504); a stop (the client went away) returns what was written.
 */
export async function previewAnswer({
  deps,
  userId,
  agentId,
  question,
  signal,
}: {
  deps: Deps;
  userId: string;
  agentId: string;
  question: string;
  signal: AbortSignal;
}): Promise<RetrievalAnswer> {
  const agent = await chatAgentById(deps.database.db, userId, agentId);
  const results = await retrievePassages({ deps, userId, agent, history: [], question });
  const answer = await answerFromPassages({ deps, userId, agent, history: [], question, results, signal });
  if (answer.failure) throw chatFailureError(answer.failure);
  return {
    agentName: agent.name,
    content: answer.content,
    sources: answer.sources,
    status: answer.status,
    model: answer.model,
    error: answer.status === "stopped" ? "Stopped before the answer was finished." : null,
    trace: answer.trace,
  };
}
