// Confirmation before a custom agent is deleted, with the spec's toasts ("Agent Deleted", "Failed to delete agent:
// {message}"); after a deletion the list says where focus goes, since the button that opened it is gone.
import { errorMessage } from "@acp/client/http-error";
import { isUnauthorizedError } from "@acp/client/unauthorized";
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
  // Opened from a row's button (not a DialogTrigger): focus goes back to it on Cancel.
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
        toast({ title: SUCCESS_TOASTS.agentDeleted, description: target.name });
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        toast({
          title: ERROR_TOASTS.title,
          description: ERROR_TOASTS.deleteAgent(errorMessage(error)),
          variant: "destructive",
        });
      },
      onSettled: () => onClose(),
    });
  };

  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
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
            The agent, its settings and its conversations are removed
            {target?.isPublic ? ", and its public endpoint stops answering" : ""}. This cannot be undone.
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
