// Saves an agent's configuration: PATCH /api/agents/{id} for a built-in agent, PATCH /api/custom-agents/{id} for a
// custom one; the agent lists refetch after, so every card shows what was stored.
import { customAgentKeys } from "@acp/client/custom-agents";
import { requestJson } from "@acp/client/request";
import type { UpdateAgentSettings, UpdateCustomAgent } from "@acp/contracts/chat";
import { useMutation } from "@tanstack/react-query";
import type { SettingsTarget } from "../utils/settings-target";

export type UpdateAgentSettingsInput = {
  target: Pick<SettingsTarget, "kind" | "id">;
  patch: UpdateAgentSettings & Partial<Pick<UpdateCustomAgent, "name" | "description" | "isPublic">>;
};

function settingsUrl({ kind, id }: UpdateAgentSettingsInput["target"]): string {
  const collection = kind === "built-in" ? "/api/agents" : "/api/custom-agents";
  return `${collection}/${encodeURIComponent(id)}`;
}

export function updateAgentSettings({ target, patch }: UpdateAgentSettingsInput): Promise<unknown> {
  return requestJson<unknown>("PATCH", settingsUrl(target), patch);
}

export function useUpdateAgentSettings() {
  return useMutation({
    mutationKey: ["agent-settings", "update"],
    mutationFn: updateAgentSettings,
    onSuccess: (_answer, { target }, _result, { client }) =>
      client.invalidateQueries({ queryKey: target.kind === "built-in" ? ["agents"] : customAgentKeys.all }),
  });
}
