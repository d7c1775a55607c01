// Deletes the selected conversation after a confirmation: its trigger button and the dialog.
import type { ChatConversation } from "@acp/contracts/chat";
import { Button } from "@acp/ui/components/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@acp/ui/components/dialog";
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
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" disabled={!conversation} aria-label="Delete conversation">
          <Trash2 aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          const target = focusAfterDelete.current;
          focusAfterDelete.current = null;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle className="break-words leading-snug">Delete “{conversation?.title}”?</DialogTitle>
          <DialogDescription>Its messages are deleted with it. This cannot be undone.</DialogDescription>
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
