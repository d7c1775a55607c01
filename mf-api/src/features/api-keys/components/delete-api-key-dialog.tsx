// Confirmation before a key is deleted, with "API Key Deleted" or "Failed to delete API key"; after a deletion the
// card says where focus goes, since the button that opened the dialog is gone with its row.
import { ERROR_TOASTS, SUCCESS_TOASTS } from "@acp/contracts/messages";
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
import { toast } from "@acp/ui/hooks/use-toast";
import { useLayoutEffect, useRef } from "react";
import { toastError } from "../../../lib/toast-error";
import { useDeleteApiKey } from "../api/delete-api-key";

export type DeleteTarget = { id: string; name: string };

export function DeleteApiKeyDialog({
  target,
  onClose,
  onClosedAfterDelete,
}: {
  target: DeleteTarget | null;
  onClose: () => void;
  /** Called as the dialog closes after a deletion; it places focus. */
  onClosedAfterDelete: () => void;
}) {
  const deletion = useDeleteApiKey();
  // Opened from a row's button, not a DialogTrigger: focus goes back to it on Cancel.
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
        toast({ title: SUCCESS_TOASTS.apiKeyDeleted, description: target.name });
      },
      onError: (error) => toastError(ERROR_TOASTS.deleteApiKey, error),
      onSettled: () => onClose(),
    });
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (open || deletion.isPending ? undefined : onClose())}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          const button = opener.current;
          const afterDelete = deleted.current;
          opener.current = null;
          deleted.current = false;
          if (afterDelete) {
            event.preventDefault();
            onClosedAfterDelete();
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
            Every app or script using this key is refused from now on. This cannot be undone; to pause a key
            instead, deactivate it.
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
