// Confirmation before the active job is cancelled: it stops and is listed as failed, with the cancellation as its
// reason. A job that finished meanwhile answers 409, whose sentence the toast shows.
import { useCancelTrainingJob } from "@acp/client/training-jobs";
import type { TrainingJobSummary } from "@acp/contracts/training";
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
import { toastError } from "../../../lib/toast-error";

export const CANCEL_FAILED = "Failed to cancel training job";

export function CancelTrainingJobDialog({
  job,
  onClose,
}: {
  /** The job to cancel; null keeps the dialog closed. */
  job: TrainingJobSummary | null;
  onClose: () => void;
}) {
  const cancel = useCancelTrainingJob();

  const confirm = () => {
    if (!job) return;
    cancel.mutate(job.id, {
      onSuccess: (cancelled) =>
        toast({ title: "Training Job Cancelled", description: `"${cancelled.name}" was stopped.` }),
      onError: (error) => toastError(CANCEL_FAILED, error),
      onSettled: () => onClose(),
    });
  };

  return (
    <Dialog open={job !== null} onOpenChange={(open) => (open || cancel.isPending ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="break-words leading-snug">Cancel {job?.name}?</DialogTitle>
          <DialogDescription>
            Training stops now and the agent keeps answering as it did before. The job stays in the list as
            failed; you can start a new one afterwards.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={cancel.isPending}>
              Keep training
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? "Cancelling…" : "Cancel job"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
