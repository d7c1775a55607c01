// The job form (spec sections 2 and 5): name, model type and epochs (5, 10, 15 or 20; 10 by default). A blank name
// gives "Please enter a job name"; Start is disabled, with the reason said, while a job is pending or running. The
// Model Training page chooses among the spec's three model types; an agent's wizard fixes its own agent (any of the
// built-in agents, technical and fundraising included).

import { DEFAULT_EPOCHS, EPOCH_OPTIONS, MODEL_TYPES } from "@acp/contracts/constants";
import type { ModelType } from "@acp/contracts/entities";
import { createTrainingJobSchema } from "@acp/contracts/inputs";
import { ERROR_TOASTS, SUCCESS_TOASTS, VALIDATION } from "@acp/contracts/messages";
import { toastError } from "@acp/federation/toast-error";
import { Button } from "@acp/ui/components/button";
import { Input } from "@acp/ui/components/input";
import { Label } from "@acp/ui/components/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@acp/ui/components/select";
import { toast } from "@acp/ui/hooks/use-toast";
import { Play } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useCreateTrainingJob } from "../api/create-training-job";
import { modelTypeName } from "../utils/format-training";

type Epochs = (typeof EPOCH_OPTIONS)[number];

export type TrainingJobFormProps = {
  modelType: ModelType;
  onModelTypeChange: (modelType: ModelType) => void;
  /** The model type is given by the screen (an agent's wizard): it is shown, not chosen. */
  modelTypeFixed: boolean;
  /** Why no job can start now (one is pending or running), or undefined when one can. */
  blockedReason: string | undefined;
};

export function TrainingJobForm({
  modelType,
  onModelTypeChange,
  modelTypeFixed,
  blockedReason,
}: TrainingJobFormProps) {
  const id = useId();
  const [name, setName] = useState("");
  const [epochs, setEpochs] = useState<Epochs>(DEFAULT_EPOCHS);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTrainingJob();
  const blocked = blockedReason !== undefined;
  // A fixed type is shown as the one option, so the trigger names it even when the page's three do not include it.
  const options: readonly ModelType[] = modelTypeFixed ? [modelType] : MODEL_TYPES;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked || create.isPending) return;
    const parsed = createTrainingJobSchema.safeParse({ name, modelType, epochs });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? VALIDATION.trainingJobName;
      setError(message);
      toast({ title: ERROR_TOASTS.title, description: message, variant: "destructive" });
      event.currentTarget.querySelector("input")?.focus();
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (job) => {
        toast({
          title: SUCCESS_TOASTS.trainingJobCreated,
          description: `"${job.name}" is queued: ${modelTypeName(modelType)}, ${job.epochs} epochs.`,
        });
        setName("");
      },
      onError: (failure) => toastError(failure, { sentence: ERROR_TOASTS.createTrainingJob }),
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Start a training job"
      className="flex min-w-0 flex-col gap-4"
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={`${id}-name`}>Job name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          autoComplete="off"
          placeholder="e.g. Q4 pipeline playbook"
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        {error ? (
          <p id={`${id}-error`} className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
      </div>
      <div className="grid min-w-0 gap-4 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label id={`${id}-model`}>Model type</Label>
          <Select
            value={modelType}
            onValueChange={(value) => onModelTypeChange(value as ModelType)}
            disabled={modelTypeFixed}
          >
            <SelectTrigger aria-labelledby={`${id}-model`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {options.map((type) => (
                <SelectItem key={type} value={type}>
                  {modelTypeName(type)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label id={`${id}-epochs`}>Epochs</Label>
          <Select value={String(epochs)} onValueChange={(value) => setEpochs(Number(value) as Epochs)}>
            <SelectTrigger aria-labelledby={`${id}-epochs`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EPOCH_OPTIONS.map((option) => (
                <SelectItem key={option} value={String(option)}>
                  {option} epochs
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center">
        <Button
          type="submit"
          className="sm:shrink-0"
          disabled={create.isPending}
          // Blocked, it stays focusable so keyboard and screen-reader users reach it and hear why.
          aria-disabled={blocked || undefined}
          aria-describedby={blocked ? `${id}-blocked` : undefined}
        >
          <Play aria-hidden="true" />
          {create.isPending ? "Starting…" : "Start Training"}
        </Button>
        {blockedReason ? (
          <p id={`${id}-blocked`} className="text-muted-foreground text-sm">
            {blockedReason}
          </p>
        ) : null}
      </div>
    </form>
  );
}
