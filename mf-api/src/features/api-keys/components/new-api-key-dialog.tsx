// The new key, shown once (spec section 4): its full value with a copy button; closing the dialog drops it from
// the page for good. A click outside does not close it, so the key is not lost by accident.
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
import { Input } from "@acp/ui/components/input";
import { Label } from "@acp/ui/components/label";
import { Copy, TriangleAlert } from "lucide-react";
import { useId } from "react";
import { copyText } from "../../../lib/copy-text";

export type ShownKey = { id: string; name: string; key: string };

export function NewApiKeyDialog({
  shown,
  onClose,
  onClosedFocus,
}: {
  shown: ShownKey | null;
  /** Clears the key: the caller holds the only copy. */
  onClose: () => void;
  /** Places focus once the dialog is gone (the dialog was not opened by a button it could return to). */
  onClosedFocus: () => void;
}) {
  const id = useId();
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        onInteractOutside={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosedFocus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="break-words leading-snug">API key {shown?.name}</DialogTitle>
          <DialogDescription>
            Copy it now and keep it somewhere safe. This is the only time the full key is shown: once you
            close this dialog, only its first characters stay visible.
          </DialogDescription>
        </DialogHeader>
        {shown ? (
          <div className="flex min-w-0 flex-col gap-2">
            <Label htmlFor={`${id}-key`}>Your new API key</Label>
            <div className="flex min-w-0 gap-2">
              <Input
                id={`${id}-key`}
                readOnly
                value={shown.key}
                className="font-mono text-xs"
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button
                variant="outline"
                className="shrink-0"
                onClick={() => void copyText(shown.key, "The API key")}
              >
                <Copy aria-hidden="true" />
                Copy<span className="sr-only"> API key</span>
              </Button>
            </div>
            <p className="flex items-start gap-2 text-muted-foreground text-xs">
              <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
              Send it in an Authorization header: Bearer followed by the key.
            </p>
          </div>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
