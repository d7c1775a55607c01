import { PUBLIC_AGENT_SCOPE_NOTE, PUBLIC_API_PATH_PREFIX } from "@acp/contracts/constants";
import type { AgentType } from "@acp/contracts/entities";
import { ERROR_TOASTS, SUCCESS_TOASTS, VALIDATION } from "@acp/contracts/messages";
import { toastError } from "@acp/federation/toast-error";
import { Button } from "@acp/ui/components/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Input } from "@acp/ui/components/input";
import { Label } from "@acp/ui/components/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@acp/ui/components/select";
import { Switch } from "@acp/ui/components/switch";
import { Textarea } from "@acp/ui/components/textarea";
import { toast } from "@acp/ui/hooks/use-toast";
import { Plus } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { useCreateCustomAgent, withApiEndpoint } from "../api/create-custom-agent";
import { agentTypeLabel, FORM_AGENT_TYPES } from "../utils/agent-type-label";

type FormValues = {
  name: string;
  description: string;
  systemPrompt: string;
  agentType: AgentType;
  isPublic: boolean;
};

const EMPTY: FormValues = {
  name: "",
  description: "",
  systemPrompt: "",
  agentType: "custom",
  isPublic: false,
};

/** "Validation Error: Name and ..." is shown as a toast titled "Validation Error" with the rest as its text. */
const [VALIDATION_TITLE, VALIDATION_TEXT] = VALIDATION.customAgent.split(/:\s(.*)/s) as [string, string];

export function CreateCustomAgentCard() {
  const id = useId();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [missing, setMissing] = useState<{ name?: boolean; systemPrompt?: boolean }>({});
  const nameInput = useRef<HTMLInputElement>(null);
  const promptInput = useRef<HTMLTextAreaElement>(null);
  const create = useCreateCustomAgent();

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === "name" || field === "systemPrompt")
      setMissing((current) => ({ ...current, [field]: false }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = values.name.trim();
    const systemPrompt = values.systemPrompt.trim();
    if (name === "" || systemPrompt === "") {
      setMissing({ name: name === "", systemPrompt: systemPrompt === "" });
      toast({ title: VALIDATION_TITLE, description: VALIDATION_TEXT, variant: "destructive" });
      (name === "" ? nameInput : promptInput).current?.focus();
      return;
    }
    create.mutate(
      withApiEndpoint({
        name,
        description: values.description.trim(),
        systemPrompt,
        agentType: values.agentType,
        isPublic: values.isPublic,
      }),
      {
        onSuccess: (agent) => {
          toast({
            title: SUCCESS_TOASTS.agentCreated,
            description: agent?.isPublic
              ? `${agent.name} answers at ${PUBLIC_API_PATH_PREFIX}${agent.apiEndpoint}.`
              : `${name} is ready.`,
          });
          setValues(EMPTY);
          setMissing({});
        },
        onError: (error) => toastError(error, { sentence: ERROR_TOASTS.createAgent }),
      },
    );
  };

  const showError = missing.name || missing.systemPrompt;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={`${id}-title`}>Create Custom Agent</h2>
        </CardTitle>
        <CardDescription>
          Give an agent a purpose and instructions; it answers from your knowledge base.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={submit}
          aria-labelledby={`${id}-title`}
          className="flex min-w-0 flex-col gap-4"
        >
          <div className="grid gap-4 md:grid-cols-2">
            <div className="flex min-w-0 flex-col gap-2">
              <Label htmlFor={`${id}-name`}>Name</Label>
              <Input
                ref={nameInput}
                id={`${id}-name`}
                value={values.name}
                autoComplete="off"
                required
                aria-invalid={missing.name || undefined}
                aria-describedby={showError ? `${id}-error` : undefined}
                onChange={(event) => set("name", event.target.value)}
              />
            </div>
            <div className="flex min-w-0 flex-col gap-2">
              <Label htmlFor={`${id}-type`}>Agent type</Label>
              <Select
                value={values.agentType}
                onValueChange={(value) => set("agentType", value as AgentType)}
              >
                <SelectTrigger id={`${id}-type`} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {FORM_AGENT_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {agentTypeLabel(type)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          <div className="flex min-w-0 flex-col gap-2">
            <Label htmlFor={`${id}-description`}>
              Description <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Input
              id={`${id}-description`}
              value={values.description}
              autoComplete="off"
              onChange={(event) => set("description", event.target.value)}
            />
          </div>
          <div className="flex min-w-0 flex-col gap-2">
            <Label htmlFor={`${id}-prompt`}>System prompt</Label>
            <Textarea
              ref={promptInput}
              id={`${id}-prompt`}
              value={values.systemPrompt}
              rows={4}
              required
              className="max-h-64"
              placeholder="You are a … Answer from the user's documents and say when they do not cover the question."
              aria-invalid={missing.systemPrompt || undefined}
              aria-describedby={showError ? `${id}-error` : undefined}
              onChange={(event) => set("systemPrompt", event.target.value)}
            />
          </div>
          <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
            <div className="flex min-w-0 flex-col gap-1">
              <Label htmlFor={`${id}-public`}>Make publicly accessible via API</Label>
              <p id={`${id}-public-help`} className="text-muted-foreground text-xs">
                Anyone with its endpoint ({PUBLIC_API_PATH_PREFIX}…) can ask it questions, without an API key.{" "}
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
          {showError ? (
            <p id={`${id}-error`} className="text-destructive text-sm">
              {VALIDATION.customAgent}
            </p>
          ) : null}
          <Button type="submit" className="self-start" disabled={create.isPending}>
            <Plus aria-hidden="true" />
            {create.isPending ? "Creating…" : "Create Agent"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
