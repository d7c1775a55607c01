// Saves an agent's configuration: PATCH /api/agents/{id} for a built-in agent, PATCH /api/custom-agents/{id} for a
// custom one; that agent list refetches after, so every card shows what was stored.
import { updateBuiltInAgentMutationOptions } from "@acp/client/agents";
import { updateCustomAgentMutationOptions } from "@acp/client/custom-agents";
import type { UpdateAgentSettings, UpdateCustomAgent } from "@acp/contracts/chat";
import { useMutation } from "@tanstack/react-query";
import type { SettingsTarget } from "../utils/settings-target";

export type SettingsPatch = Omit<UpdateAgentSettings, "systemPrompt"> & {
  /** null puts a built-in agent back on its shipped prompt. */
  systemPrompt?: string | null;
} & Partial<Pick<UpdateCustomAgent, "name" | "description" | "isPublic">>;

export type UpdateAgentSettingsInput = { target: Pick<SettingsTarget, "kind" | "id">; patch: SettingsPatch };

export function useUpdateAgentSettings() {
  const builtIn = useMutation(updateBuiltInAgentMutationOptions());
  const custom = useMutation(updateCustomAgentMutationOptions());
  const save = ({ target, patch }: UpdateAgentSettingsInput): Promise<unknown> => {
    if (target.kind === "built-in") return builtIn.mutateAsync({ id: target.id, ...patch });
    const { systemPrompt, ...rest } = patch;
    return custom.mutateAsync({ id: target.id, ...rest, ...(systemPrompt ? { systemPrompt } : {}) });
  };
  return { save, isPending: builtIn.isPending || custom.isPending };
}
