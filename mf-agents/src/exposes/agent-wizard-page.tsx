// Federation entry of ./AgentWizardPage ({ agentType }), checked against the props @acp/federation/remotes declares.
import type { ExposedComponent } from "@acp/federation/remotes";
import { AgentWizardPage } from "../app/agent-wizard-page";

export default AgentWizardPage satisfies ExposedComponent<"mf-agents", "./AgentWizardPage">;
