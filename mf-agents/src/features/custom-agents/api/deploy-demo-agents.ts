// Deploys the six preset demo agents (spec section 9) as public custom agents with their system prompts, one call
// each, in order, with "Demo Agent Created" or "Failed to create demo agent: {message}"; a failure stops there and
// the agents already created stay. The toasts belong to the mutation, not to the button: the list replaces the
// empty state as the first agents arrive.

import { createCustomAgentMutationOptions, customAgentKeys } from "@acp/client/custom-agents";
import { DEMO_AGENT_PRESETS } from "@acp/contracts/agents";
import type { CustomAgentDetail } from "@acp/contracts/chat";
import { ERROR_TOASTS, SUCCESS_TOASTS } from "@acp/contracts/messages";
import { toastError } from "@acp/federation/toast-error";
import { toast } from "@acp/ui/hooks/use-toast";
import { useMutation } from "@tanstack/react-query";
import { withApiEndpoint } from "./create-custom-agent";

export const DEPLOY_DEMO_AGENTS_KEY = [...customAgentKeys.all, "demo"] as const;

export function useDeployDemoAgents() {
  const create = useMutation(createCustomAgentMutationOptions());
  return useMutation({
    mutationKey: DEPLOY_DEMO_AGENTS_KEY,
    mutationFn: async (): Promise<CustomAgentDetail[]> => {
      const created: CustomAgentDetail[] = [];
      for (const preset of DEMO_AGENT_PRESETS) {
        created.push(
          await create.mutateAsync(
            withApiEndpoint({
              name: preset.name,
              description: preset.description,
              systemPrompt: preset.systemPrompt,
              agentType: preset.agentType,
              isPublic: true,
            }),
          ),
        );
      }
      return created;
    },
    onSuccess: (agents) =>
      toast({
        title: SUCCESS_TOASTS.demoAgentCreated,
        description: `${agents.length} public demo agents are ready: ${agents.map((agent) => agent.name).join(", ")}.`,
      }),
    onError: (error) => toastError(error, { sentence: ERROR_TOASTS.createDemoAgent }),
  });
}
