// The one confirmation dialog (on Radix AlertDialog): focus goes back to what opened it, and it refuses to close
// (Escape, Cancel, the close button, the overlay) while its action runs, showing the pending label meanwhile.
import { XIcon } from "lucide-react";
import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { cn } from "../lib/cn";
import { usePortalContainer, usePortalScope } from "../lib/portal-scope";
import { Button } from "./button";
import { CLOSE_BUTTON_CLASS, DialogFooter, DialogHeader } from "./dialog";

export type ConfirmDialogProps = {
  open: boolean;
  /** A user's request to open or close; ignored (for closing) while `pending`. */
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when it has one; a dialog opened from elsewhere omits it. */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** The confirm button's text, e.g. "Delete". */
  confirmLabel: string;
  /** The confirm button's text while the action runs, e.g. "Deleting…". */
  pendingLabel: string;
  cancelLabel?: string;
  /** True while the confirmed action runs: both buttons are disabled and the dialog stays open. */
  pending: boolean;
  /** Runs the action; the caller closes the dialog (`open` false) when it has settled. */
  onConfirm: () => void;
  /**
   * Called as the dialog closes, before focus goes back to its opener; return true when it placed focus itself
   * (e.g. the opener was the deleted row's button and is about to go).
   */
  onCloseFocus?: () => boolean;
  closeLabel?: string;
};

export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel = "Cancel",
  pending,
  onConfirm,
  onCloseFocus,
  closeLabel = "Close",
}: ConfirmDialogProps) {
  const scope = usePortalScope();
  const container = usePortalContainer();
  // A dialog without a trigger is opened from some button (a row's): remember it, Radix only knows its trigger.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && trigger === undefined && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
  }, [open, trigger]);

  return (
    <AlertDialogPrimitive.Root
      open={open}
      onOpenChange={(next) => (next || !pending ? onOpenChange(next) : undefined)}
    >
      {trigger === undefined ? null : (
        <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger>
      )}
      <AlertDialogPrimitive.Portal container={container}>
        <AlertDialogPrimitive.Overlay
          {...scope}
          data-slot="dialog-overlay"
          className={cn(
            "fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]",
            "data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out",
          )}
        />
        <AlertDialogPrimitive.Content
          {...scope}
          // The same role as every other dialog of the app (and what the journeys look for): a modal dialog.
          role="dialog"
          data-slot="dialog-content"
          className={cn(
            "fixed top-1/2 left-1/2 z-50 grid w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 sm:max-w-lg",
            "rounded-xl border bg-background p-6 shadow-xl outline-none",
            "data-[state=open]:animate-zoom-in data-[state=closed]:animate-zoom-out",
          )}
          onCloseAutoFocus={(event) => {
            const button = opener.current;
            opener.current = null;
            if (onCloseFocus?.()) {
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
            <AlertDialogPrimitive.Title
              data-slot="dialog-title"
              className="break-words font-semibold text-lg leading-snug"
            >
              {title}
            </AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description
              data-slot="dialog-description"
              className="text-muted-foreground text-sm"
            >
              {description}
            </AlertDialogPrimitive.Description>
          </DialogHeader>
          <DialogFooter>
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialogPrimitive.Cancel>
            <Button variant="destructive" onClick={onConfirm} disabled={pending}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </DialogFooter>
          {/* Not a second AlertDialog Cancel: Radix focuses its one Cancel on open, which must stay "Cancel". */}
          <button
            type="button"
            data-slot="dialog-close"
            onClick={() => (pending ? undefined : onOpenChange(false))}
            className={CLOSE_BUTTON_CLASS}
          >
            <XIcon aria-hidden="true" />
            <span className="sr-only">{closeLabel}</span>
          </button>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
