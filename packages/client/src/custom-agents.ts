// Custom agents (spec section 3 and 7): the list, creating and deleting an agent, and starting its training.
import type { CustomAgent } from "@acp/contracts/entities";
import type { CreateCustomAgent } from "@acp/contracts/inputs";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { getJson, requestJson } from "./request";

export const CUSTOM_AGENTS_URL = "/api/custom-agents";

export const customAgentKeys = {
  all: ["custom-agents"] as const,
  list: () => ["custom-agents", {}] as const,
};

function agentUrl(id: string): string {
  return `${CUSTOM_AGENTS_URL}/${encodeURIComponent(id)}`;
}

export function customAgentsQueryOptions() {
  return queryOptions({
    queryKey: customAgentKeys.list(),
    queryFn: ({ signal }) => getJson<CustomAgent[]>(CUSTOM_AGENTS_URL, { signal }),
  });
}

export function useCustomAgents() {
  return useQuery(customAgentsQueryOptions());
}

export function createCustomAgentMutationOptions() {
  return mutationOptions({
    mutationKey: [...customAgentKeys.all, "create"],
    mutationFn: (input: CreateCustomAgent) => requestJson<CustomAgent>("POST", CUSTOM_AGENTS_URL, input),
    onSuccess: (_agent, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: customAgentKeys.all }),
  });
}

export function useCreateCustomAgent() {
  return useMutation(createCustomAgentMutationOptions());
}

export function deleteCustomAgentMutationOptions() {
  return mutationOptions({
    mutationKey: [...customAgentKeys.all, "delete"],
    mutationFn: (id: string) => requestJson<void>("DELETE", agentUrl(id)),
    onSuccess: (_none, _id, _result, { client }) =>
      client.invalidateQueries({ queryKey: customAgentKeys.all }),
  });
}

export function useDeleteCustomAgent() {
  return useMutation(deleteCustomAgentMutationOptions());
}

export function trainCustomAgentMutationOptions() {
  return mutationOptions({
    mutationKey: [...customAgentKeys.all, "train"],
    mutationFn: (id: string) => requestJson<unknown>("POST", `${agentUrl(id)}/train`),
    onSuccess: (_answer, _id, _result, { client }) =>
      client.invalidateQueries({ queryKey: customAgentKeys.all }),
  });
}

export function useTrainCustomAgent() {
  return useMutation(trainCustomAgentMutationOptions());
}
