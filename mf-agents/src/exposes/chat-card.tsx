// Federation entry of ./ChatCard ({ agentType, customAgentId?, prompt? }) for the dashboard and the wizards, checked
// against the props @acp/federation/remotes declares.
import type { ExposedComponent } from "@acp/federation/remotes";
import { ChatCard } from "../features/chat/components/chat-card";

export default ChatCard satisfies ExposedComponent<"mf-agents", "./ChatCard">;
