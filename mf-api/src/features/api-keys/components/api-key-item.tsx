// One API key: name, preview, active or inactive badge (and expired), its real requests today against its enforced
// hourly limit, when it was created and last used, its expiry and agents; Deactivate or Activate, Edit and Delete.
import { Badge } from "@acp/ui/components/badge";
import { Button } from "@acp/ui/components/button";
import { Power, PowerOff, Trash2 } from "lucide-react";
import { type ReactNode, type Ref, useId } from "react";
import type { ApiKeyDetail } from "../api/get-api-keys";
import { agentScope, expiry, formatDate, usageLine } from "../utils/key-details";

export type ApiKeyItemProps = {
  apiKey: ApiKeyDetail;
  agentNames: ReadonlyMap<string, string>;
  toggling: boolean;
  onToggle: () => void;
  onDelete: () => void;
  /** The Edit dialog, composed by the card. */
  editAction: ReactNode;
  /** The row itself, focusable, so focus can land on it after a creation or a neighbour's deletion. */
  ref?: Ref<HTMLElement>;
};

export function ApiKeyItem({
  apiKey,
  agentNames,
  toggling,
  onToggle,
  onDelete,
  editAction,
  ref,
}: ApiKeyItemProps) {
  const id = useId();
  const expires = expiry(apiKey.expiresAt);
  return (
    <article
      ref={ref}
      tabIndex={-1}
      aria-labelledby={`${id}-name`}
      className="flex min-w-0 flex-col gap-3 px-4 py-3 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 id={`${id}-name`} className="min-w-0 break-words font-medium text-sm">
            {apiKey.name}
          </h3>
          <code className="break-all font-mono text-muted-foreground text-xs">{apiKey.keyPreview}</code>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {expires.expired ? <Badge variant="destructive">expired</Badge> : null}
          <Badge variant={apiKey.isActive ? "success" : "secondary"}>
            {apiKey.isActive ? "active" : "inactive"}
          </Badge>
        </div>
      </div>
      <dl className="grid min-w-0 gap-x-4 gap-y-1 text-xs sm:grid-cols-2">
        <div className="flex min-w-0 gap-1.5">
          <dt className="sr-only">Usage</dt>
          <dd className="font-medium tabular-nums">
            {usageLine(apiKey.requestsToday, apiKey.rateLimitPerHour)}
          </dd>
        </div>
        <div className="flex min-w-0 gap-1.5">
          <dt className="text-muted-foreground">Agents</dt>
          <dd className="min-w-0 break-words">{agentScope(apiKey.allowedAgentIds, agentNames)}</dd>
        </div>
        <div className="flex min-w-0 gap-1.5 text-muted-foreground">
          <dt className="sr-only">Dates</dt>
          <dd>
            Created {formatDate(apiKey.createdAt)} ·{" "}
            {apiKey.lastUsed ? `last used ${formatDate(apiKey.lastUsed)}` : "never used"}
          </dd>
        </div>
        <div className="flex min-w-0 gap-1.5">
          <dt className="sr-only">Expiry</dt>
          <dd className={expires.expired ? "text-destructive" : "text-muted-foreground"}>{expires.text}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={onToggle} disabled={toggling}>
          {apiKey.isActive ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
          {apiKey.isActive ? "Deactivate" : "Activate"}
          <span className="sr-only"> {apiKey.name}</span>
        </Button>
        {editAction}
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto text-destructive hover:text-destructive"
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
          Delete<span className="sr-only"> {apiKey.name}</span>
        </Button>
      </div>
    </article>
  );
}
