// Spec section 4: built-in agent status is static; the toggle only tells the user what it would take.
import type { BuiltInAgent } from "@acp/contracts/agents";
import { INFO_TOASTS } from "@acp/contracts/messages";
import { toast } from "@acp/ui/hooks/use-toast";

export function toggleBuiltInAgent(agent: BuiltInAgent): void {
  if (agent.status === "active") {
    toast({ title: INFO_TOASTS.agentDeactivated, description: agent.name });
    return;
  }
  toast({
    title: INFO_TOASTS.agentRequiresTrainingData,
    description: `Upload documents and train ${agent.name} before activating it.`,
  });
}
