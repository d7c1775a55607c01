// Switching built-in agents on and off, persisted per user (DESIGN 8), with the spec's toasts (section 4) once the
// API has stored the change: "Agent Deactivated" for an active agent, "Agent Requires Training Data" when a
// non-active one is switched on, and a toast saying the agent is active for "Activate Agent".

import { type UpdateBuiltInAgentInput, updateBuiltInAgentMutationOptions } from "@acp/client/agents";
import type { BuiltInAgentState } from "@acp/contracts/chat";
import { INFO_TOASTS } from "@acp/contracts/messages";
import { toastError } from "@acp/federation/toast-error";
import { toast } from "@acp/ui/hooks/use-toast";
import { useMutationState } from "@tanstack/react-query";
import { useUpdateBuiltInAgent } from "../api/update-built-in-agent";

export const AGENT_ACTIVATED_TITLE = "Agent Activated";
export const AGENTS_DEPLOYED_TITLE = "Executive Agents Deployed";

type Agent = Pick<BuiltInAgentState, "id" | "name" | "enabled">;

/** The ids of the agents whose switch is being saved right now (the buttons and switches wait for them). */
export function usePendingAgentIds(): Set<string> {
  const pending = useMutationState({
    filters: { mutationKey: updateBuiltInAgentMutationOptions().mutationKey, status: "pending" },
    select: (mutation) => (mutation.state.variables as UpdateBuiltInAgentInput | undefined)?.id,
  });
  return new Set(pending.filter((id) => id !== undefined));
}

export function useAgentActivation() {
  const update = useUpdateBuiltInAgent();
  // Each action awaits its own call (mutateAsync): mutate()'s per-call callbacks fire only for the latest call, and
  // a second switch may be flipped before the first one's answer.

  /** The switch: off for an active agent, on for any other. */
  const toggle = async (agent: Agent) => {
    const enabled = !agent.enabled;
    try {
      await update.mutateAsync({ id: agent.id, enabled });
    } catch (error) {
      toastError(error, { sentence: `Failed to ${enabled ? "activate" : "deactivate"} ${agent.name}` });
      return;
    }
    if (!enabled) {
      toast({ title: INFO_TOASTS.agentDeactivated, description: `${agent.name} is switched off.` });
      return;
    }
    toast({
      title: INFO_TOASTS.agentRequiresTrainingData,
      description: `${agent.name} is switched on. It answers from its knowledge: upload its documents and train it in its wizard.`,
    });
  };

  /** "Activate Agent" on a ready agent. */
  const activate = async (agent: Agent) => {
    try {
      await update.mutateAsync({ id: agent.id, enabled: true });
    } catch (error) {
      toastError(error, { sentence: `Failed to activate ${agent.name}` });
      return;
    }
    toast({ title: AGENT_ACTIVATED_TITLE, description: `${agent.name} is active.` });
  };

  /** Quick deploy: switches on every executive agent that is not on yet, one call per agent. */
  const deployAll = async (agents: readonly Agent[]) => {
    const waiting = agents.filter((agent) => !agent.enabled);
    const results = await Promise.allSettled(
      waiting.map((agent) => update.mutateAsync({ id: agent.id, enabled: true })),
    );
    const failed = waiting.filter((_, index) => results[index]?.status === "rejected");
    const firstError = results.find((result) => result.status === "rejected");
    if (firstError) {
      toastError(firstError.reason, {
        sentence: `Failed to deploy ${failed.map((agent) => agent.name).join(", ")}`,
      });
      return;
    }
    toast({
      title: AGENTS_DEPLOYED_TITLE,
      description:
        waiting.length === 1
          ? `${waiting[0]?.name} is active. All ${agents.length} executive agents are now active.`
          : `All ${agents.length} executive agents are active.`,
    });
  };

  return { toggle, activate, deployAll };
}
