// "Edit": a key's name, expiry, the agents it may call (built-in and custom; none ticked means every agent) and its
// enforced hourly limit, with checks beside each field; only what changed is sent.
import { API_KEY_NAME_MAX_CHARS } from "@acp/contracts/api-access";
import { API_KEY_RATE_LIMIT_PER_HOUR } from "@acp/contracts/constants";
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
import { toast } from "@acp/ui/hooks/use-toast";
import { Pencil } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import type { AgentChoice } from "../api/get-agent-choices";
import type { ApiKeyDetail } from "../api/get-api-keys";
import { useUpdateApiKey } from "../api/update-api-key";
import {
  FIELD_ORDER,
  initialValues,
  type KeySettingsErrors,
  type KeySettingsField,
  type KeySettingsValues,
  toDateInput,
  validateKeySettings,
} from "../utils/key-settings-form";

export const KEY_UPDATED_TITLE = "API Key Updated";
export const UPDATE_KEY_FAILED = "Failed to update API key";

export function KeySettingsDialog({
  apiKey,
  choices,
  agentsNote,
}: {
  apiKey: ApiKeyDetail;
  choices: readonly AgentChoice[];
  /** Said under the agent list when the custom agents could not be read (only built-in ones are offered). */
  agentsNote?: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only"> {apiKey.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="break-words leading-snug">Edit {apiKey.name}</DialogTitle>
          <DialogDescription>
            When the key stops working, which agents it may call and how many calls it may make per hour.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from what is stored. */}
        {open ? (
          <KeySettingsForm
            apiKey={apiKey}
            choices={choices}
            agentsNote={agentsNote}
            onSaved={() => setOpen(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function KeySettingsForm({
  apiKey,
  choices,
  agentsNote,
  onSaved,
}: {
  apiKey: ApiKeyDetail;
  choices: readonly AgentChoice[];
  agentsNote?: string | undefined;
  onSaved: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<KeySettingsValues>(() => initialValues(apiKey));
  const [errors, setErrors] = useState<KeySettingsErrors>({});
  const fields = useRef<Partial<Record<KeySettingsField, HTMLInputElement | null>>>({});
  const update = useUpdateApiKey();

  const set = <K extends KeySettingsField>(field: K, value: KeySettingsValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const toggleAgent = (agentId: string, checked: boolean) =>
    set(
      "allowedAgentIds",
      checked
        ? [...values.allowedAgentIds, agentId]
        : values.allowedAgentIds.filter((allowed) => allowed !== agentId),
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { errors: found, patch } = validateKeySettings(values, apiKey);
    setErrors(found);
    if (!patch) {
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) fields.current[first]?.focus();
      return;
    }
    if (Object.keys(patch).length === 0) {
      onSaved();
      return;
    }
    update.mutate(
      { id: apiKey.id, ...patch },
      {
        onSuccess: (saved) => {
          toast({ title: KEY_UPDATED_TITLE, description: saved?.name ?? apiKey.name });
          onSaved();
        },
        onError: (error) => toastError(error, { sentence: UPDATE_KEY_FAILED }),
      },
    );
  };

  const described = (field: KeySettingsField, help?: string) =>
    [help, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(" ") || undefined;
  const fieldError = (field: KeySettingsField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-destructive text-sm">
        {errors[field]}
      </p>
    ) : null;
  const builtIn = choices.filter((choice) => choice.kind === "built-in");
  const custom = choices.filter((choice) => choice.kind === "custom");

  return (
    <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-4">
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          ref={(element) => {
            fields.current.name = element;
          }}
          id={`${id}-name`}
          value={values.name}
          autoComplete="off"
          maxLength={API_KEY_NAME_MAX_CHARS}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described("name")}
          onChange={(event) => set("name", event.target.value)}
        />
        {fieldError("name")}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={`${id}-expires`}>Expires on</Label>
        <Input
          ref={(element) => {
            fields.current.expiresOn = element;
          }}
          id={`${id}-expires`}
          type="date"
          min={toDateInput(new Date())}
          value={values.expiresOn}
          aria-invalid={errors.expiresOn ? true : undefined}
          aria-describedby={described("expiresOn", `${id}-expires-help`)}
          onChange={(event) => set("expiresOn", event.target.value)}
        />
        <p id={`${id}-expires-help`} className="text-muted-foreground text-xs">
          The key works through the end of that day. Leave it empty for a key that never expires.
        </p>
        {fieldError("expiresOn")}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={`${id}-limit`}>Requests per hour</Label>
        <Input
          ref={(element) => {
            fields.current.rateLimitPerHour = element;
          }}
          id={`${id}-limit`}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.rateLimitPerHour}
          aria-invalid={errors.rateLimitPerHour ? true : undefined}
          aria-describedby={described("rateLimitPerHour", `${id}-limit-help`)}
          onChange={(event) => set("rateLimitPerHour", event.target.value)}
        />
        <p id={`${id}-limit-help`} className="text-muted-foreground text-xs">
          An hour starts with the key's first call; calls beyond the limit in it are refused (429) until it
          ends. The default is {API_KEY_RATE_LIMIT_PER_HOUR}.
        </p>
        {fieldError("rateLimitPerHour")}
      </div>
      <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={`${id}-agents-help`}>
        <legend className="mb-1 font-medium text-sm">Agents this key may call</legend>
        <p id={`${id}-agents-help`} className="text-muted-foreground text-xs">
          {values.allowedAgentIds.length === 0
            ? "None ticked: the key may call every agent, including ones you create later."
            : `Only the ${values.allowedAgentIds.length} ticked ${values.allowedAgentIds.length === 1 ? "agent" : "agents"}.`}
        </p>
        <AgentGroup
          title="Built-in agents"
          choices={builtIn}
          selected={values.allowedAgentIds}
          onToggle={toggleAgent}
        />
        {custom.length > 0 ? (
          <AgentGroup
            title="Custom agents"
            choices={custom}
            selected={values.allowedAgentIds}
            onToggle={toggleAgent}
          />
        ) : null}
        {agentsNote ? <p className="text-muted-foreground text-xs">{agentsNote}</p> : null}
      </fieldset>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={update.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function AgentGroup({
  title,
  choices,
  selected,
  onToggle,
}: {
  title: string;
  choices: readonly AgentChoice[];
  selected: readonly string[];
  onToggle: (agentId: string, checked: boolean) => void;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 text-muted-foreground text-xs uppercase tracking-wide">{title}</legend>
      <ul className="grid gap-1.5 sm:grid-cols-2">
        {choices.map((choice) => (
          <li key={choice.id} className="min-w-0">
            <label className="flex min-w-0 cursor-pointer items-center gap-2 rounded-md border px-2.5 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
              <input
                type="checkbox"
                className="size-4 shrink-0 accent-primary"
                checked={selected.includes(choice.id)}
                onChange={(event) => onToggle(choice.id, event.target.checked)}
              />
              <span className="min-w-0 break-words">{choice.name}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
