// Deletes the selected conversation after a confirmation: its trigger button and the dialog.
import type { ChatConversation } from "@acp/contracts/chat";
import { Button } from "@acp/ui/components/button";
import { ConfirmDialog } from "@acp/ui/components/confirm-dialog";
import { Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useDeleteConversation } from "../api/delete-conversation";

export function DeleteConversationDialog({
  conversation,
  onDeleted,
}: {
  conversation: ChatConversation | undefined;
  /** After the deletion; returns the element focus should move to (the trigger may be gone or disabled). */
  onDeleted: (deleted: ChatConversation) => HTMLElement | null;
}) {
  const [open, setOpen] = useState(false);
  const deletion = useDeleteConversation();
  const focusAfterDelete = useRef<HTMLElement | null>(null);

  const confirm = () => {
    if (!conversation) return;
    const target = conversation;
    deletion.mutate(target.id, {
      onSuccess: () => {
        focusAfterDelete.current = onDeleted(target);
        setOpen(false);
      },
    });
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="icon" disabled={!conversation} aria-label="Delete conversation">
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title={<>Delete “{conversation?.title}”?</>}
      description="Its messages are deleted with it. This cannot be undone."
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={deletion.isPending}
      onConfirm={confirm}
      onCloseFocus={() => {
        const target = focusAfterDelete.current;
        focusAfterDelete.current = null;
        if (!target?.isConnected) return false;
        target.focus();
        return true;
      }}
    />
  );
}
