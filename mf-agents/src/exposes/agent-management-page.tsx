// Federation entry of ./AgentManagementPage, checked against the props @acp/federation/remotes declares for it.
import type { ExposedComponent } from "@acp/federation/remotes";
import { AgentManagementPage } from "../app/agent-management-page";

export default AgentManagementPage satisfies ExposedComponent<"mf-agents", "./AgentManagementPage">;
