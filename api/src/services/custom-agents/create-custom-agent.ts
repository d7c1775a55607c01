// Creates a custom agent for the signed-in user with a unique public endpoint slug.
import type { CustomAgentDetail } from "@acp/contracts/chat";
import type { createCustomAgentSchema } from "@acp/contracts/inputs";
import { VALIDATION } from "@acp/contracts/messages";
import type { z } from "zod";
import type { Db } from "../../db/create-database";
import { customAgents } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { cleanDisplayName } from "../../lib/display-name";
import { apiEndpointFor, withRetrySuffix } from "./api-endpoint";
import { toCustomAgentDetail } from "./custom-agent-response";

type CreateCustomAgentInput = z.output<typeof createCustomAgentSchema>;

/** Endpoints tried before giving up: a random suffix makes a second collision already unlikely. */
const MAX_ENDPOINT_ATTEMPTS = 8;

/**
 * The name is cleaned (no invisible or reordering characters); one with nothing visible left is refused with the
 * spec's message, like a blank one. A client-supplied apiEndpoint is kept when it is free; a taken one (or a generated
 * one taken by an agent created in the same millisecond) is replaced by a generated one, then by one with a random
 * suffix. The insert skips a conflicting endpoint instead of failing, so a collision is never an error (a unique
 * violation would also abort a surrounding transaction on PostgreSQL).
 */
export async function createCustomAgent({
  db,
  userId,
  input,
  now,
}: {
  db: Db;
  userId: string;
  input: CreateCustomAgentInput;
  now: () => Date;
}): Promise<CustomAgentDetail> {
  const name = cleanDisplayName(input.name);
  if (!name) {
    throw new AppError("VALIDATION_ERROR", VALIDATION.customAgent, {
      details: [{ path: ["name"], message: VALIDATION.customAgent, code: "too_small" }],
    });
  }
  const description = input.description.trim() || null;
  const generated = apiEndpointFor(name, now());
  const candidates = [input.apiEndpoint, generated].filter((value): value is string => Boolean(value));
  for (let attempt = 0; attempt < MAX_ENDPOINT_ATTEMPTS; attempt++) {
    const apiEndpoint = candidates[attempt] ?? withRetrySuffix(generated);
    const [row] = await db
      .insert(customAgents)
      .values({
        userId,
        name,
        description,
        systemPrompt: input.systemPrompt,
        agentType: input.agentType,
        isPublic: input.isPublic,
        apiEndpoint,
      })
      .onConflictDoNothing({ target: customAgents.apiEndpoint })
      .returning();
    if (row) return toCustomAgentDetail(row);
  }
  throw new AppError("CONFLICT", "Could not find a free API endpoint for this agent; try again");
}
