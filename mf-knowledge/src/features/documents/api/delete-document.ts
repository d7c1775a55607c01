// Deletes a document (its file, chunks and vectors) and tells the user with the spec's toasts.

import { deleteDocumentMutationOptions } from "@acp/client/knowledge/documents";
import { SUCCESS_TOASTS } from "@acp/contracts/messages";
import { toastError } from "@acp/federation/toast-error";
import { toast } from "@acp/ui/hooks/use-toast";
import { useMutation } from "@tanstack/react-query";

/** Spec section 8 spells this failure "Delete Failed: Failed to delete document". */
export const DELETE_FAILED_TITLE = "Delete Failed";
export const DELETE_FAILED_DESCRIPTION = "Failed to delete document";

export function useDeleteDocument() {
  return useMutation({
    ...deleteDocumentMutationOptions(),
    onError: (error) => {
      toastError(error, {
        title: DELETE_FAILED_TITLE,
        sentence: DELETE_FAILED_DESCRIPTION,
        fallback: DELETE_FAILED_DESCRIPTION,
      });
    },
  });
}

export function toastDocumentDeleted(name: string): void {
  toast({ title: SUCCESS_TOASTS.documentDeleted, description: name });
}
