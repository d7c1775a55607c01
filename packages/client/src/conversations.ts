// Conversations and their messages (spec section 3 and 7): the list, one conversation's messages, creating a
// conversation and sending a message.
import type { ChatRequest, Conversation, Message } from "@acp/contracts/entities";
import type { CreateConversation } from "@acp/contracts/inputs";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { getJson, requestJson } from "./request";

export const CONVERSATIONS_URL = "/api/conversations";
export const CHAT_URL = "/api/chat";

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

export function createConversationMutationOptions() {
  return mutationOptions({
    mutationKey: [...conversationKeys.all, "create"],
    mutationFn: (input: CreateConversation) => requestJson<Conversation>("POST", CONVERSATIONS_URL, input),
    onSuccess: (_conversation, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: conversationKeys.list() }),
  });
}

export function useCreateConversation() {
  return useMutation(createConversationMutationOptions());
}

export function sendMessageMutationOptions() {
  return mutationOptions({
    mutationKey: [...conversationKeys.all, "send"],
    mutationFn: (input: ChatRequest) => requestJson<unknown>("POST", CHAT_URL, input),
    onSuccess: (_answer, input, _result, { client }) =>
      client.invalidateQueries({ queryKey: conversationKeys.messages(input.conversationId) }),
  });
}

export function useSendMessage() {
  return useMutation(sendMessageMutationOptions());
}
