// Creating a key by name (spec sections 2 and 5): a blank name gives "Please enter a name for the API key"; the new
// key goes to the caller, which shows it once, and the mutation forgets it at once.

import { API_KEY_NAME_MAX_CHARS } from "@acp/contracts/api-access";
import { createApiKeySchema } from "@acp/contracts/inputs";
import { ERROR_TOASTS, SUCCESS_TOASTS, VALIDATION } from "@acp/contracts/messages";
import { toastError } from "@acp/federation/toast-error";
import { Button } from "@acp/ui/components/button";
import { Input } from "@acp/ui/components/input";
import { Label } from "@acp/ui/components/label";
import { toast } from "@acp/ui/hooks/use-toast";
import { Plus } from "lucide-react";
import { type FormEvent, type Ref, useId, useState } from "react";
import { type CreatedApiKey, useCreateApiKey } from "../api/create-api-key";

export function CreateApiKeyForm({
  onCreated,
  inputRef,
}: {
  onCreated: (key: CreatedApiKey) => void;
  /** The name field, where focus returns when there is no new key to land on. */
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateApiKey();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = createApiKeySchema.safeParse({ name });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? VALIDATION.apiKeyName;
      setError(message);
      toast({ title: ERROR_TOASTS.title, description: message, variant: "destructive" });
      event.currentTarget.querySelector("input")?.focus();
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        toast({
          title: SUCCESS_TOASTS.apiKeyCreated,
          description: `"${created.name}" is ready: ${SUCCESS_TOASTS.apiKeyCreatedDescription}, it is shown only once.`,
        });
        setName("");
        onCreated(created);
        // The full key now lives only in the dialog; the settled mutation (gcTime 0) leaves the cache with it.
        create.reset();
      },
      onError: (failure) => toastError(failure, { sentence: ERROR_TOASTS.createApiKey }),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-2" aria-label="Create API key">
      <Label htmlFor={`${id}-name`}>Key name</Label>
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
        <Input
          ref={inputRef}
          id={`${id}-name`}
          value={name}
          autoComplete="off"
          placeholder="e.g. Website chatbot"
          maxLength={API_KEY_NAME_MAX_CHARS}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        <Button type="submit" className="sm:shrink-0" disabled={create.isPending}>
          <Plus aria-hidden="true" />
          {create.isPending ? "Creating…" : "Create API Key"}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </form>
  );
}
