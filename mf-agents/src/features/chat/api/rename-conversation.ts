// Renames a conversation; a failure says why.
import { renameConversationMutationOptions } from "@acp/client/conversations";
import { useMutation } from "@tanstack/react-query";
import { toastChatError } from "../lib/toast-chat-error";

export const RENAME_FAILED = "Failed to rename conversation";

export function useRenameConversation() {
  return useMutation({
    ...renameConversationMutationOptions(),
    onError: (error) => toastChatError(RENAME_FAILED, error),
  });
}
