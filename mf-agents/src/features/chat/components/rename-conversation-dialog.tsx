// Renames the selected conversation: its trigger button and a dialog with the title field.

import type { ChatConversation } from "@acp/contracts/chat";
import { CONVERSATION_TITLE_MAX_CHARS } from "@acp/contracts/constants";
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
import { Input } from "@acp/ui/components/input";
import { Label } from "@acp/ui/components/label";
import { Pencil } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useRenameConversation } from "../api/rename-conversation";

/** The contract's message for a blank title (renameConversationSchema). */
export const TITLE_REQUIRED = "Please enter a title";

export function RenameConversationDialog({
  conversation,
  onRenamed,
}: {
  conversation: ChatConversation | undefined;
  onRenamed: (title: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useRenameConversation();
  const fieldId = useId();
  const problemId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!conversation) return;
    const trimmed = title.trim();
    if (trimmed === "") {
      setProblem(TITLE_REQUIRED);
      return;
    }
    rename.mutate(
      { id: conversation.id, title: trimmed },
      {
        onSuccess: () => {
          setOpen(false);
          onRenamed(trimmed);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next && conversation) {
          setTitle(conversation.title);
          setProblem(null);
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" disabled={!conversation} aria-label="Rename conversation">
          <Pencil aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Rename conversation</DialogTitle>
            <DialogDescription>Give it a title you will recognise in the list.</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={fieldId}>Title</Label>
            <Input
              id={fieldId}
              value={title}
              maxLength={CONVERSATION_TITLE_MAX_CHARS}
              aria-invalid={problem !== null}
              aria-describedby={problem ? problemId : undefined}
              onChange={(event) => {
                setTitle(event.target.value);
                setProblem(null);
              }}
            />
            {problem ? (
              <p id={problemId} role="alert" className="text-destructive text-sm">
                {problem}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={rename.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={rename.isPending}>
              {rename.isPending ? "Saving…" : "Save"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
