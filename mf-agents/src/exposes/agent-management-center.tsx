// Federation entry of ./AgentManagementCenter (the dashboard's Overview), checked against @acp/federation/remotes.
import type { ExposedComponent } from "@acp/federation/remotes";
import { DashboardAgentCenter } from "../app/agent-center-section";

export default DashboardAgentCenter satisfies ExposedComponent<"mf-agents", "./AgentManagementCenter">;
