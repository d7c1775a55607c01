// Deletes a document (its file, chunks and vectors) and tells the user with the spec's toasts.
import { deleteDocumentMutationOptions } from "@acp/client/knowledge/documents";
import { SUCCESS_TOASTS } from "@acp/contracts/messages";
import { toast } from "@acp/ui/hooks/use-toast";
import { useMutation } from "@tanstack/react-query";
import { toastError } from "../../../lib/toast-error";

/** Spec section 8 spells this failure "Delete Failed: Failed to delete document". */
export const DELETE_FAILED_TITLE = "Delete Failed";
export const DELETE_FAILED_DESCRIPTION = "Failed to delete document";

export function useDeleteDocument() {
  return useMutation({
    ...deleteDocumentMutationOptions(),
    onError: (error) => {
      toastError({
        title: DELETE_FAILED_TITLE,
        error,
        fallback: DELETE_FAILED_DESCRIPTION,
        prefix: DELETE_FAILED_DESCRIPTION,
      });
    },
  });
}

export function toastDocumentDeleted(name: string): void {
  toast({ title: SUCCESS_TOASTS.documentDeleted, description: name });
}
