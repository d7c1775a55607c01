// One agent's conversations for the picker: a built-in agent's (its type, without any custom agent's of the same
// type) or a custom agent's.
import { type ConversationFilters, conversationsQueryOptions } from "@acp/client/conversations";
import { useQuery } from "@tanstack/react-query";

export function useAgentConversations(filters: ConversationFilters) {
  const ofCustomAgent = filters.customAgentId !== undefined;
  return useQuery({
    ...conversationsQueryOptions(filters),
    // A custom agent has an agentType too, so the built-in agent's list leaves out conversations of custom agents.
    select: (list) => (ofCustomAgent ? list : list.filter((conversation) => !conversation.customAgentId)),
  });
}
