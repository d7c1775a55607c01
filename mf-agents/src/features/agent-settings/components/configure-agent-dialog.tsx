// "Configure": edits and saves an agent's chat settings (system prompt, model, temperature, passages per answer),
// and a custom agent's name, description and public switch, with checks beside each field and the outcome as a toast.

import type { ChatModelInfo } from "@acp/contracts/chat";
import {
  AGENT_TEMPERATURE,
  AGENT_TOP_K,
  modelDisplayName,
  PUBLIC_AGENT_SCOPE_NOTE,
  SYSTEM_PROMPT_MAX_CHARS,
} from "@acp/contracts/constants";
import { toastError } from "@acp/federation/toast-error";
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
import { Switch } from "@acp/ui/components/switch";
import { Textarea } from "@acp/ui/components/textarea";
import { toast } from "@acp/ui/hooks/use-toast";
import { Settings2 } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useRef, useState } from "react";
import { useChatModel } from "../api/get-chat-model";
import { useUpdateAgentSettings } from "../api/update-agent-settings";
import {
  FIELD_ORDER,
  initialValues,
  type SettingsErrors,
  type SettingsField,
  type SettingsFormValues,
  validateSettings,
} from "../utils/settings-form";
import type { SettingsTarget } from "../utils/settings-target";

export const CONFIGURATION_SAVED_TITLE = "Configuration Saved";
export const SAVE_CONFIGURATION_FAILED = "Failed to save configuration";

export function ConfigureAgentDialog({ target }: { target: SettingsTarget }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Settings2 aria-hidden="true" />
          Configure<span className="sr-only"> {target.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="break-words leading-snug">Configure {target.name}</DialogTitle>
          <DialogDescription>
            How this agent answers: its instructions, the model, how freely it words answers and how many
            passages of its knowledge it reads for each question.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from what is stored. */}
        <ConfigureAgentForm target={target} onSaved={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function defaultModelText(modelInfo: ChatModelInfo | undefined): string {
  if (!modelInfo) return "Leave empty to use the installation's default model.";
  if (modelInfo.offline)
    return `Leave empty to use the installation's default: the built-in responder (offline mode, answers drawn from the agent's documents).`;
  return `Leave empty to use the installation's default: ${modelInfo.model}.`;
}

function ConfigureAgentForm({ target, onSaved }: { target: SettingsTarget; onSaved: () => void }) {
  const id = useId();
  // Without an answer the field still works; it just cannot name the default.
  const modelInfo = useChatModel().data;
  const [values, setValues] = useState<SettingsFormValues>(() => initialValues(target));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const fields = useRef<Partial<Record<SettingsField, HTMLElement | null>>>({});
  const { save, isPending } = useUpdateAgentSettings();
  const isCustom = target.kind === "custom";

  const set = <K extends SettingsField>(field: K, value: SettingsFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A corrected field stops reading as wrong as soon as it is edited.
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { errors: found, patch } = validateSettings(values, target.kind);
    setErrors(found);
    if (!patch) {
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) fields.current[first]?.focus();
      return;
    }
    // The shipped prompt is stored as "none of my own" (null), so the agent keeps following its default.
    const followsDefault =
      target.defaultSystemPrompt !== undefined && patch.systemPrompt === target.defaultSystemPrompt.trim();
    save({ target, patch: followsDefault ? { ...patch, systemPrompt: null } : patch }).then(
      () => {
        toast({
          title: CONFIGURATION_SAVED_TITLE,
          description: `${target.name} answers with the new settings.`,
        });
        onSaved();
      },
      (error: unknown) => toastError(error, { sentence: SAVE_CONFIGURATION_FAILED }),
    );
  };

  const fieldProps = (field: SettingsField) => ({
    id: `${id}-${field}`,
    ref: (element: HTMLElement | null) => {
      fields.current[field] = element;
    },
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": [`${id}-${field}-help`, errors[field] ? `${id}-${field}-error` : ""]
      .filter(Boolean)
      .join(" "),
  });

  return (
    <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-5">
      {isCustom ? (
        <>
          <Field id={id} field="name" label="Name" error={errors.name} help="Shown in lists and chats.">
            <Input
              {...fieldProps("name")}
              value={values.name}
              autoComplete="off"
              onChange={(event) => set("name", event.target.value)}
            />
          </Field>
          <Field
            id={id}
            field="description"
            label="Description"
            error={errors.description}
            help="Optional: what the agent is for."
          >
            <Textarea
              {...fieldProps("description")}
              value={values.description}
              rows={2}
              onChange={(event) => set("description", event.target.value)}
            />
          </Field>
          <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
            <div className="flex min-w-0 flex-col gap-1">
              <Label htmlFor={`${id}-public`}>Make publicly accessible via API</Label>
              <p id={`${id}-public-help`} className="text-muted-foreground text-xs">
                Anyone with the endpoint's address can ask it questions, without an API key.{" "}
                {PUBLIC_AGENT_SCOPE_NOTE}
              </p>
            </div>
            <Switch
              id={`${id}-public`}
              checked={values.isPublic}
              aria-describedby={`${id}-public-help`}
              onCheckedChange={(checked) => set("isPublic", checked)}
            />
          </div>
        </>
      ) : null}
      <Field
        id={id}
        field="systemPrompt"
        label="System prompt"
        error={errors.systemPrompt}
        help={`The agent's standing instructions, sent before every question (${values.systemPrompt.length.toLocaleString("en-US")} of ${SYSTEM_PROMPT_MAX_CHARS.toLocaleString("en-US")} characters).`}
        action={
          target.defaultSystemPrompt !== undefined ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto px-0"
              disabled={values.systemPrompt === target.defaultSystemPrompt}
              onClick={() => set("systemPrompt", target.defaultSystemPrompt ?? "")}
            >
              Restore default
            </Button>
          ) : null
        }
      >
        <Textarea
          {...fieldProps("systemPrompt")}
          value={values.systemPrompt}
          rows={6}
          className="max-h-72"
          onChange={(event) => set("systemPrompt", event.target.value)}
        />
      </Field>
      <Field id={id} field="model" label="Model" error={errors.model} help={defaultModelText(modelInfo)}>
        <Input
          {...fieldProps("model")}
          value={values.model}
          autoComplete="off"
          spellCheck={false}
          placeholder={modelInfo ? modelDisplayName(modelInfo.model) : "Installation default"}
          onChange={(event) => set("model", event.target.value)}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id={id}
          field="temperature"
          label="Temperature"
          error={errors.temperature}
          help={`${AGENT_TEMPERATURE.min} keeps answers close to the sources; up to ${AGENT_TEMPERATURE.max} words them more freely.`}
        >
          <Input
            {...fieldProps("temperature")}
            type="number"
            inputMode="decimal"
            min={AGENT_TEMPERATURE.min}
            max={AGENT_TEMPERATURE.max}
            step={0.1}
            value={values.temperature}
            onChange={(event) => set("temperature", event.target.value)}
          />
        </Field>
        <Field
          id={id}
          field="topK"
          label="Passages per answer"
          error={errors.topK}
          help={`How many passages of its knowledge the agent reads per question (${AGENT_TOP_K.min}-${AGENT_TOP_K.max}).`}
        >
          <Input
            {...fieldProps("topK")}
            type="number"
            inputMode="numeric"
            min={AGENT_TOP_K.min}
            max={AGENT_TOP_K.max}
            step={1}
            value={values.topK}
            onChange={(event) => set("topK", event.target.value)}
          />
        </Field>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isPending}>
          {isPending ? "Saving…" : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function Field({
  id,
  field,
  label,
  help,
  error,
  action,
  children,
}: {
  id: string;
  field: SettingsField;
  label: string;
  help: string;
  error: string | undefined;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor={`${id}-${field}`}>{label}</Label>
        {action}
      </div>
      {children}
      <p id={`${id}-${field}-help`} className="text-muted-foreground text-xs">
        {help}
      </p>
      {error ? (
        <p id={`${id}-${field}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
