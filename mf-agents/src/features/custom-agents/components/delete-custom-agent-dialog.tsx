// Confirmation before a custom agent is deleted, with the spec's toasts ("Agent Deleted", "Failed to delete agent:
// {message}"); after a deletion the list says where focus goes, since the button that opened it is gone.
import { ERROR_TOASTS, SUCCESS_TOASTS } from "@acp/contracts/messages";
import { toastError } from "@acp/federation/toast-error";
import { ConfirmDialog } from "@acp/ui/components/confirm-dialog";
import { toast } from "@acp/ui/hooks/use-toast";
import { useRef } from "react";
import { useDeleteCustomAgent } from "../api/delete-custom-agent";

export type DeleteTarget = { id: string; name: string; isPublic: boolean };

export function DeleteCustomAgentDialog({
  target,
  onClose,
  onClosedAfterDelete,
}: {
  target: DeleteTarget | null;
  onClose: () => void;
  /** Called as the dialog closes after a deletion; it places focus. */
  onClosedAfterDelete: () => void;
}) {
  const deletion = useDeleteCustomAgent();
  const deleted = useRef(false);

  const confirm = () => {
    if (!target) return;
    deletion.mutate(target.id, {
      onSuccess: () => {
        deleted.current = true;
        toast({ title: SUCCESS_TOASTS.agentDeleted, description: target.name });
      },
      onError: (error) => toastError(error, { sentence: ERROR_TOASTS.deleteAgent }),
      onSettled: () => onClose(),
    });
  };

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={<>Delete {target?.name}?</>}
      description={
        <>
          The agent, its settings and its conversations are removed
          {target?.isPublic ? ", and its public endpoint stops answering" : ""}. This cannot be undone.
        </>
      }
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
