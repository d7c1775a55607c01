// Conversations and their messages (spec sections 3 and 7, issue 20): an agent's list, create, rename and delete,
// and one conversation's messages, with their query keys.
import type { ChatConversation, ChatMessage, CreateChatConversation } from "@acp/contracts/chat";
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { getJson, requestJson, withQuery } from "./request";

export const CONVERSATIONS_URL = "/api/conversations";

/** Which conversations a list holds: a built-in agent's (`agentType`) or a custom agent's (`customAgentId`). */
export type ConversationFilters = { agentType?: string | undefined; customAgentId?: string | undefined };

// Lists and messages sit under fixed second segments, so invalidating every list never refetches every
// conversation's messages, and no conversation id can collide with a list's key.
export const conversationKeys = {
  all: ["conversations"] as const,
  lists: () => ["conversations", "list"] as const,
  list: (filters: ConversationFilters = {}) =>
    [
      "conversations",
      "list",
      { agentType: filters.agentType, customAgentId: filters.customAgentId },
    ] as const,
  messages: (conversationId: string) => ["conversations", "messages", conversationId] as const,
};

function conversationUrl(id: string): string {
  return `${CONVERSATIONS_URL}/${encodeURIComponent(id)}`;
}

export function getConversations(
  filters: ConversationFilters = {},
  options: { signal?: AbortSignal } = {},
): Promise<ChatConversation[]> {
  return getJson<ChatConversation[]>(
    withQuery(CONVERSATIONS_URL, { agentType: filters.agentType, customAgentId: filters.customAgentId }),
    options,
  );
}

/** GET /api/conversations[?agentType=][&customAgentId=]: most recently updated first. */
export function conversationsQueryOptions(filters: ConversationFilters = {}) {
  return queryOptions({
    queryKey: conversationKeys.list(filters),
    queryFn: ({ signal }) => getConversations(filters, { signal }),
  });
}

export function getMessages(
  conversationId: string,
  options: { signal?: AbortSignal } = {},
): Promise<ChatMessage[]> {
  return getJson<ChatMessage[]>(`${conversationUrl(conversationId)}/messages`, options);
}

/** GET /api/conversations/{id}/messages: oldest first, answers with their sources, status and model. */
export function messagesQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: conversationKeys.messages(conversationId),
    queryFn: ({ signal }) => getMessages(conversationId, { signal }),
  });
}

export function createConversation(input: CreateChatConversation): Promise<ChatConversation> {
  return requestJson<ChatConversation>("POST", CONVERSATIONS_URL, input);
}

/** POST /api/conversations: every list refetches (the new one may belong to any of them). */
export function createConversationMutationOptions() {
  return mutationOptions({
    mutationKey: [...conversationKeys.all, "create"],
    mutationFn: createConversation,
    onSuccess: (_created, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: conversationKeys.lists() }),
  });
}

export type RenameConversation = { id: string; title: string };

export function renameConversation({ id, title }: RenameConversation): Promise<ChatConversation> {
  return requestJson<ChatConversation>("PATCH", conversationUrl(id), { title });
}

/** PATCH /api/conversations/{id} { title }. */
export function renameConversationMutationOptions() {
  return mutationOptions({
    mutationKey: [...conversationKeys.all, "rename"],
    mutationFn: renameConversation,
    onSuccess: (_renamed, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: conversationKeys.lists() }),
  });
}

export async function deleteConversation(id: string): Promise<void> {
  await requestJson<undefined>("DELETE", conversationUrl(id));
}

/** DELETE /api/conversations/{id}: its messages go with it, so their cache entry is dropped, not refetched. */
export function deleteConversationMutationOptions() {
  return mutationOptions({
    mutationKey: [...conversationKeys.all, "delete"],
    mutationFn: deleteConversation,
    onSuccess: (_none, id, _result, { client }) => {
      client.removeQueries({ queryKey: conversationKeys.messages(id) });
      return client.invalidateQueries({ queryKey: conversationKeys.lists() });
    },
  });
}
