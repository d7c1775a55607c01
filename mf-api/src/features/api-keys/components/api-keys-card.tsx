// "API Keys": create a key by name and see it once, then each key with its badge, real usage against its enforced
// limit, Deactivate/Activate, Edit and Delete after confirmation; focus lands on the new key, or on a neighbour
// (else the heading) after a deletion.
import { errorMessage } from "@acp/client/http-error";
import { API_KEY_RATE_LIMIT_PER_HOUR } from "@acp/contracts/constants";
import { toastError } from "@acp/federation/toast-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { toast } from "@acp/ui/hooks/use-toast";
import { KeyRound } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useAgentChoices } from "../api/get-agent-choices";
import { type ApiKeyDetail, useApiKeys } from "../api/get-api-keys";
import { useUpdateApiKey } from "../api/update-api-key";
import { ApiKeyItem } from "./api-key-item";
import { CreateApiKeyForm } from "./create-api-key-form";
import { DeleteApiKeyDialog, type DeleteTarget } from "./delete-api-key-dialog";
import { KeySettingsDialog, UPDATE_KEY_FAILED } from "./key-settings-dialog";
import { NewApiKeyDialog, type ShownKey } from "./new-api-key-dialog";

export const KEY_ACTIVATED = "API Key Activated";
export const KEY_DEACTIVATED = "API Key Deactivated";

export function ApiKeysCard() {
  const id = useId();
  const keys = useApiKeys();
  const { choices, names, customAgents } = useAgentChoices();
  const toggle = useUpdateApiKey();
  const [shown, setShown] = useState<ShownKey | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const items = useRef(new Map<string, HTMLElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  /** The row focus goes to after the dialog in progress closes. */
  const focusNext = useRef<string | null>(null);
  const list = keys.data ?? [];

  const setActive = (key: ApiKeyDetail) =>
    toggle.mutate(
      { id: key.id, isActive: !key.isActive },
      {
        onSuccess: () =>
          toast({ title: key.isActive ? KEY_DEACTIVATED : KEY_ACTIVATED, description: key.name }),
        onError: (error) => toastError(error, { sentence: UPDATE_KEY_FAILED }),
      },
    );

  const askToDelete = (key: ApiKeyDetail) => {
    const index = list.findIndex((other) => other.id === key.id);
    focusNext.current = (list[index + 1] ?? list[index - 1])?.id ?? null;
    setDeleting({ id: key.id, name: key.name });
  };

  /** Focus the chosen row once it is on screen; else `fallback`. */
  const focusRow = (fallback: HTMLElement | null) => {
    const target = focusNext.current === null ? undefined : items.current.get(focusNext.current);
    focusNext.current = null;
    (target?.isConnected ? target : fallback)?.focus();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 ref={heading} id={`${id}-title`} tabIndex={-1} className="outline-none">
            API Keys
          </h2>
        </CardTitle>
        <CardDescription>
          Keys authenticate calls to your agents. Each key is limited to {API_KEY_RATE_LIMIT_PER_HOUR}/hr
          unless you change it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <CreateApiKeyForm
          inputRef={nameInput}
          onCreated={(created) => {
            focusNext.current = created.id;
            setShown({ id: created.id, name: created.name, key: created.key });
          }}
        />
        <CardState
          status={cardStatus({ loading: keys.isPending, error: keys.isError, empty: list.length === 0 })}
          loadingLabel="Loading API keys…"
          errorMessage={`API keys could not be loaded: ${errorMessage(keys.error)}`}
          onRetry={() => void keys.refetch()}
          empty={{
            icon: <KeyRound aria-hidden="true" />,
            title: "No API keys yet",
            description:
              "Create a key to call your agents from your own products. Its full value is shown only once.",
          }}
        >
          {() => (
            <ul aria-labelledby={`${id}-title`} className="flex flex-col divide-y rounded-lg border">
              {list.map((key) => (
                <li key={key.id} className="min-w-0">
                  <ApiKeyItem
                    ref={(element) => {
                      if (element) items.current.set(key.id, element);
                      else items.current.delete(key.id);
                    }}
                    apiKey={key}
                    agentNames={names}
                    toggling={toggle.isPending && toggle.variables?.id === key.id}
                    onToggle={() => setActive(key)}
                    onDelete={() => askToDelete(key)}
                    editAction={
                      <KeySettingsDialog
                        apiKey={key}
                        choices={choices}
                        agentsNote={
                          customAgents.isError
                            ? `Your custom agents could not be loaded (${errorMessage(customAgents.error)}); only the built-in agents are listed.`
                            : undefined
                        }
                      />
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </CardState>
      </CardContent>
      <NewApiKeyDialog
        shown={shown}
        onClose={() => setShown(null)}
        onClosedFocus={() => focusRow(nameInput.current)}
      />
      <DeleteApiKeyDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        onClosedAfterDelete={() => focusRow(heading.current)}
      />
    </Card>
  );
}
