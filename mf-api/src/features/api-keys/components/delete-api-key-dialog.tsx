// Confirmation before a key is deleted, with "API Key Deleted" or "Failed to delete API key"; after a deletion the
// card says where focus goes, since the button that opened the dialog is gone with its row.
import { ERROR_TOASTS, SUCCESS_TOASTS } from "@acp/contracts/messages";
import { toastError } from "@acp/federation/toast-error";
import { ConfirmDialog } from "@acp/ui/components/confirm-dialog";
import { toast } from "@acp/ui/hooks/use-toast";
import { useRef } from "react";
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
  const deleted = useRef(false);

  const confirm = () => {
    if (!target) return;
    deletion.mutate(target.id, {
      onSuccess: () => {
        deleted.current = true;
        toast({ title: SUCCESS_TOASTS.apiKeyDeleted, description: target.name });
      },
      onError: (error) => toastError(error, { sentence: ERROR_TOASTS.deleteApiKey }),
      onSettled: () => onClose(),
    });
  };

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={<>Delete {target?.name}?</>}
      description="Every app or script using this key is refused from now on. This cannot be undone; to pause a key instead, deactivate it."
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={deletion.isPending}
      onConfirm={confirm}
      onCloseFocus={() => {
        if (!deleted.current) return false;
        deleted.current = false;
        onClosedAfterDelete();
        return true;
      }}
    />
  );
}
