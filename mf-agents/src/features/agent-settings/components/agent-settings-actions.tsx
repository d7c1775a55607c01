// The Configure and Analytics buttons of an active agent (built-in or custom), each opening its dialog.
import type { SettingsTarget } from "../utils/settings-target";
import { AgentAnalyticsDialog } from "./agent-analytics-dialog";
import { ConfigureAgentDialog } from "./configure-agent-dialog";

export function AgentSettingsActions({ target }: { target: SettingsTarget }) {
  return (
    <>
      <ConfigureAgentDialog target={target} />
      <AgentAnalyticsDialog agentKey={target.id} name={target.name} />
    </>
  );
}
