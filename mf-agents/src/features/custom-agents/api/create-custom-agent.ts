// Creates a custom agent (POST /api/custom-agents) with its public endpoint slug made as the spec says
// ("agent-" + hyphenated name + a millisecond timestamp); the list refetches after.
import { CUSTOM_AGENTS_URL, customAgentKeys } from "@acp/client/custom-agents";
import { requestJson } from "@acp/client/request";
import type { CustomAgentDetail } from "@acp/contracts/chat";
import { type CreateCustomAgent, generateApiEndpoint } from "@acp/contracts/inputs";
import { useMutation } from "@tanstack/react-query";

export type NewCustomAgent = Omit<CreateCustomAgent, "apiEndpoint">;

export function createCustomAgent(input: NewCustomAgent): Promise<CustomAgentDetail> {
  return requestJson<CustomAgentDetail>("POST", CUSTOM_AGENTS_URL, {
    ...input,
    apiEndpoint: generateApiEndpoint(input.name),
  });
}

export function useCreateCustomAgent() {
  return useMutation({
    mutationKey: [...customAgentKeys.all, "create"],
    mutationFn: createCustomAgent,
    onSuccess: (_agent, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: customAgentKeys.all }),
  });
}
