// Confirmation before the active job is cancelled: it stops and is listed as failed, with the cancellation as its
// reason. A job that finished meanwhile answers 409, whose sentence the toast shows.
import type { TrainingJobSummary } from "@acp/contracts/training";
import { toastError } from "@acp/federation/toast-error";
import { ConfirmDialog } from "@acp/ui/components/confirm-dialog";
import { toast } from "@acp/ui/hooks/use-toast";
import { useCancelTrainingJob } from "../api/cancel-training-job";

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
      onError: (error) => toastError(error, { sentence: CANCEL_FAILED }),
      onSettled: () => onClose(),
    });
  };

  return (
    <ConfirmDialog
      open={job !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={<>Cancel {job?.name}?</>}
      description="Training stops now and the agent keeps answering as it did before. The job stays in the list as failed; you can start a new one afterwards."
      cancelLabel="Keep training"
      confirmLabel="Cancel job"
      pendingLabel="Cancelling…"
      pending={cancel.isPending}
      onConfirm={confirm}
    />
  );
}
