// Federation entry of ./AgentWizardPage ({ agentType }): loads the remote's styles, then default-exports the page.
import "../styles";
import { AgentWizardPage } from "../app/agent-wizard-page";

export default AgentWizardPage;
