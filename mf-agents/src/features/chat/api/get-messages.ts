// One conversation's messages (GET /api/conversations/{id}/messages), oldest first; nothing is fetched without one.
import { messagesQueryOptions } from "@acp/client/conversations";
import { useQuery } from "@tanstack/react-query";

export function useMessages(conversationId: string | undefined) {
  return useQuery({ ...messagesQueryOptions(conversationId ?? ""), enabled: conversationId !== undefined });
}
