// Deletes a conversation and its messages; a failure says why.
import { deleteConversationMutationOptions } from "@acp/client/conversations";
import { useMutation } from "@tanstack/react-query";
import { toastChatError } from "../lib/toast-chat-error";

export const DELETE_FAILED = "Failed to delete conversation";

export function useDeleteConversation() {
  return useMutation({
    ...deleteConversationMutationOptions(),
    onError: (error) => toastChatError(DELETE_FAILED, error),
  });
}
