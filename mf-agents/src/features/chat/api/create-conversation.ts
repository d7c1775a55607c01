// Creates a conversation for the card's agent: it joins the agent's cached list at once (so it can be selected
// before the list refetches), and a failure shows the spec's "Failed to create conversation".
import {
  type ConversationFilters,
  conversationKeys,
  createConversationMutationOptions,
} from "@acp/client/conversations";
import type { ChatConversation, CreateChatConversation } from "@acp/contracts/chat";
import { ERROR_TOASTS } from "@acp/contracts/messages";
import { toastError } from "@acp/federation/toast-error";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { newConversationTitle } from "../lib/conversation-title";

export function useCreateConversation(filters: ConversationFilters & { agentType: string }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...createConversationMutationOptions(),
    onError: (error) =>
      toastError(error, {
        sentence: ERROR_TOASTS.createConversation,
        fallback: ERROR_TOASTS.createConversation,
      }),
  });
  /** Creates "New <Agent> Conversation" and hands it to `onCreated` once it is in the list. */
  const create = (onCreated?: (conversation: ChatConversation) => void) => {
    const input: CreateChatConversation = {
      // The API validates the type; the card takes any agent type a caller names.
      agentType: filters.agentType as CreateChatConversation["agentType"],
      title: newConversationTitle(filters.agentType),
      ...(filters.customAgentId ? { customAgentId: filters.customAgentId } : {}),
    };
    mutation.mutate(input, {
      onSuccess: (created) => {
        queryClient.setQueryData<ChatConversation[]>(conversationKeys.list(filters), (list = []) =>
          list.some((item) => item.id === created.id) ? list : [created, ...list],
        );
        onCreated?.(created);
      },
    });
  };
  return { create, isPending: mutation.isPending };
}
