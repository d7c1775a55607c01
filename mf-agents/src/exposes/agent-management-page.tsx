// Federation entry of ./AgentManagementPage: loads the remote's styles, then default-exports the page.
import "../styles";
import { AgentManagementPage } from "../app/agent-management-page";

export default AgentManagementPage;
