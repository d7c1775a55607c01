// Creates a custom agent (POST /api/custom-agents) with its public endpoint slug made as the spec says
// ("agent-" + hyphenated name + a millisecond timestamp); the list refetches after.

import { createCustomAgentMutationOptions } from "@acp/client/custom-agents";
import { generateApiEndpoint } from "@acp/contracts/constants";
import type { CreateCustomAgent } from "@acp/contracts/inputs";
import { useMutation } from "@tanstack/react-query";

export type NewCustomAgent = Omit<CreateCustomAgent, "apiEndpoint">;

/** The request body: the spec has the browser make the endpoint slug from the name. */
export function withApiEndpoint(input: NewCustomAgent): CreateCustomAgent {
  return { ...input, apiEndpoint: generateApiEndpoint(input.name) };
}

export function useCreateCustomAgent() {
  return useMutation(createCustomAgentMutationOptions());
}
