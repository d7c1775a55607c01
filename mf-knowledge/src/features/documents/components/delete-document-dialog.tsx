// Confirmation before a document is deleted: the file, its chunks and its vectors go, and agents stop using it.
import { Button } from "@acp/ui/components/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@acp/ui/components/dialog";
import { useLayoutEffect, useRef } from "react";
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
  // Opened from a row's button (not a DialogTrigger): give focus back to it on Cancel.
  const opener = useRef<HTMLElement | null>(null);
  const deleted = useRef(false);
  useLayoutEffect(() => {
    if (target && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [target]);
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
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const button = opener.current;
          opener.current = null;
          const afterDelete = deleted.current;
          deleted.current = false;
          // The opener was the deleted row's button: it is about to go, so the list decides where focus goes.
          if (afterDelete && onClosedAfterDelete?.()) {
            event.preventDefault();
            return;
          }
          if (button?.isConnected) {
            event.preventDefault();
            button.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle className="break-words leading-snug">Delete {target?.name}?</DialogTitle>
          <DialogDescription>
            The file, its extracted text and its vectors are removed, and your agents stop answering from it.
            This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={deletion.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={deletion.isPending}>
            {deletion.isPending ? "Deleting…" : "Delete"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
