// Custom agents (spec section 3 and 7): the list with each agent's settings (read again while one trains), creating,
// changing, deleting and training an agent.
import type { CustomAgentDetail, UpdateCustomAgent } from "@acp/contracts/chat";
import type { CreateCustomAgent } from "@acp/contracts/inputs";
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { agentAnalyticsKeys } from "./agents";
import { conversationKeys } from "./conversations";
import { getJson, requestJson } from "./request";

export const CUSTOM_AGENTS_URL = "/api/custom-agents";

/** How often the list is read while one of its agents trains (the server moves its status on). */
export const TRAINING_POLL_MS = 2_000;

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
    queryFn: ({ signal }) => getJson<CustomAgentDetail[]>(CUSTOM_AGENTS_URL, { signal }),
    refetchInterval: (query) =>
      query.state.data?.some((agent) => agent.trainingStatus === "training") ? TRAINING_POLL_MS : false,
  });
}

/** POST /api/custom-agents: the new agent (untrained); the list refetches. */
export function createCustomAgentMutationOptions() {
  return mutationOptions({
    mutationKey: [...customAgentKeys.all, "create"],
    mutationFn: (input: CreateCustomAgent) =>
      requestJson<CustomAgentDetail>("POST", CUSTOM_AGENTS_URL, input),
    onSuccess: (_agent, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: customAgentKeys.all }),
  });
}

/** What PATCH /api/custom-agents/{id} takes: the agent's id and any of its changeable fields. */
export type UpdateCustomAgentInput = { id: string } & Partial<UpdateCustomAgent>;

/** PATCH /api/custom-agents/{id}: only the fields given change; the list refetches. */
export function updateCustomAgentMutationOptions() {
  return mutationOptions({
    mutationKey: [...customAgentKeys.all, "update"],
    mutationFn: ({ id, ...patch }: UpdateCustomAgentInput) =>
      requestJson<CustomAgentDetail>("PATCH", agentUrl(id), patch),
    onSuccess: (_agent, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: customAgentKeys.all }),
  });
}

/**
 * DELETE /api/custom-agents/{id}: the agent's conversations go with it on the server, so the conversation list
 * refetches with the agents; its analytics are dropped.
 */
export function deleteCustomAgentMutationOptions() {
  return mutationOptions({
    mutationKey: [...customAgentKeys.all, "delete"],
    mutationFn: (id: string) => requestJson<undefined>("DELETE", agentUrl(id)),
    onSuccess: async (_none, id, _result, { client }) => {
      client.removeQueries({ queryKey: agentAnalyticsKeys.detail(id) });
      await Promise.all([
        client.invalidateQueries({ queryKey: customAgentKeys.all }),
        client.invalidateQueries({ queryKey: conversationKeys.list() }),
      ]);
    },
  });
}

/** POST /api/custom-agents/{id}/train: the agent, now training; the list refetches and is polled until it settles. */
export function trainCustomAgentMutationOptions() {
  return mutationOptions({
    mutationKey: [...customAgentKeys.all, "train"],
    mutationFn: (id: string) => requestJson<CustomAgentDetail>("POST", `${agentUrl(id)}/train`),
    onSuccess: (_agent, _id, _result, { client }) =>
      client.invalidateQueries({ queryKey: customAgentKeys.all }),
  });
}
