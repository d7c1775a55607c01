// Federation entry of ./CustomAgents (the dashboard's AI Agents tab), checked against @acp/federation/remotes.
import type { ExposedComponent } from "@acp/federation/remotes";
import { CustomAgentsSection } from "../app/custom-agents-section";

export default CustomAgentsSection satisfies ExposedComponent<"mf-agents", "./CustomAgents">;
