// Deploys the six preset demo agents (spec section 9) as public custom agents with their system prompts, one call
// each, in order; a failure stops there and the agents already created stay.
import { customAgentKeys } from "@acp/client/custom-agents";
import { DEMO_AGENT_PRESETS } from "@acp/contracts/agents";
import type { CustomAgentDetail } from "@acp/contracts/chat";
import { useMutation } from "@tanstack/react-query";
import { createCustomAgent } from "./create-custom-agent";

export class DemoAgentError extends Error {
  override readonly name = "DemoAgentError";
  constructor(
    readonly created: number,
    readonly presetName: string,
    override readonly cause: unknown,
  ) {
    super(`The demo agent ${presetName} could not be created`);
  }
}

export async function deployDemoAgents(): Promise<CustomAgentDetail[]> {
  const created: CustomAgentDetail[] = [];
  for (const preset of DEMO_AGENT_PRESETS) {
    try {
      created.push(
        await createCustomAgent({
          name: preset.name,
          description: preset.description,
          systemPrompt: preset.systemPrompt,
          agentType: preset.agentType,
          isPublic: true,
        }),
      );
    } catch (error) {
      throw new DemoAgentError(created.length, preset.name, error);
    }
  }
  return created;
}

export function useDeployDemoAgents() {
  return useMutation({
    mutationKey: [...customAgentKeys.all, "demo"],
    mutationFn: deployDemoAgents,
    // Also after a failure part-way: the agents created before it are real and belong in the list.
    onSettled: (_agents, _error, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: customAgentKeys.all }),
  });
}
