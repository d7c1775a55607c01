// Conversations and their messages (spec section 3 and 7): the list and one conversation's messages. Creating a
// conversation and sending a message come back with their API routes (the contract test refuses calls the API does
// not document).
import type { Conversation, Message } from "@acp/contracts/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "./request";

export const CONVERSATIONS_URL = "/api/conversations";

export const conversationKeys = {
  all: ["conversations"] as const,
  list: () => ["conversations", {}] as const,
  messages: (conversationId: string) => ["conversations", conversationId, "messages"] as const,
};

export function conversationsQueryOptions() {
  return queryOptions({
    queryKey: conversationKeys.list(),
    queryFn: ({ signal }) => getJson<Conversation[]>(CONVERSATIONS_URL, { signal }),
  });
}

export function useConversations() {
  return useQuery(conversationsQueryOptions());
}

export function messagesQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: conversationKeys.messages(conversationId),
    queryFn: ({ signal }) =>
      getJson<Message[]>(`${CONVERSATIONS_URL}/${encodeURIComponent(conversationId)}/messages`, { signal }),
  });
}

export function useMessages(conversationId: string | undefined) {
  return useQuery({ ...messagesQueryOptions(conversationId ?? ""), enabled: conversationId !== undefined });
}
