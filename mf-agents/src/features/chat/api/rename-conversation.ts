// Renames a conversation; a failure says why.
import { renameConversationMutationOptions } from "@acp/client/conversations";
import { toastError } from "@acp/federation/toast-error";
import { useMutation } from "@tanstack/react-query";

export const RENAME_FAILED = "Failed to rename conversation";

export function useRenameConversation() {
  return useMutation({
    ...renameConversationMutationOptions(),
    onError: (error) => toastError(error, { sentence: RENAME_FAILED, fallback: RENAME_FAILED }),
  });
}
