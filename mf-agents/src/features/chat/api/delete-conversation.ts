// Deletes a conversation and its messages; a failure says why.
import { deleteConversationMutationOptions } from "@acp/client/conversations";
import { toastError } from "@acp/federation/toast-error";
import { useMutation } from "@tanstack/react-query";

export const DELETE_FAILED = "Failed to delete conversation";

export function useDeleteConversation() {
  return useMutation({
    ...deleteConversationMutationOptions(),
    onError: (error) => toastError(error, { sentence: DELETE_FAILED, fallback: DELETE_FAILED }),
  });
}
