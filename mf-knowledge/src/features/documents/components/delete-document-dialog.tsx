// Confirmation before a document is deleted: the file, its chunks and its vectors go, and agents stop using it.
import { ConfirmDialog } from "@acp/ui/components/confirm-dialog";
import { useRef } from "react";
import { toastDocumentDeleted, useDeleteDocument } from "../api/delete-document";

export type DeleteTarget = { id: string; name: string };

export function DeleteDocumentDialog({
  target,
  onClose,
  onDeleted,
  onClosedAfterDelete,
}: {
  target: DeleteTarget | null;
  onClose: () => void;
  onDeleted?: (id: string) => void;
  /** Called as the dialog closes after a deletion; true when the caller placed focus itself. */
  onClosedAfterDelete?: () => boolean;
}) {
  const deletion = useDeleteDocument();
  const deleted = useRef(false);
  const confirm = () => {
    if (!target) return;
    deletion.mutate(target.id, {
      onSuccess: () => {
        deleted.current = true;
        toastDocumentDeleted(target.name);
        onDeleted?.(target.id);
      },
      onSettled: () => onClose(),
    });
  };
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={<span className="[overflow-wrap:anywhere]">Delete {target?.name}?</span>}
      description="The file, its extracted text and its vectors are removed, and your agents stop answering from it. This cannot be undone."
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={deletion.isPending}
      onConfirm={confirm}
      // The opener was the deleted row's button: it is about to go, so the list decides where focus goes.
      onCloseFocus={() => {
        const afterDelete = deleted.current;
        deleted.current = false;
        return afterDelete && onClosedAfterDelete?.() === true;
      }}
    />
  );
}
