// One custom agent: name, type, public endpoint and training status (announced as it changes), with Train while it
// is untrained and Retry training after a failure, the page's actions (test chat, Configure, Analytics), and Delete.

import type { CustomAgentDetail } from "@acp/contracts/chat";
import { PUBLIC_API_PATH_PREFIX } from "@acp/contracts/constants";
import { Badge } from "@acp/ui/components/badge";
import { Button } from "@acp/ui/components/button";
import { ExpandableText } from "@acp/ui/components/expandable-text";
import { Globe, GraduationCap, Loader2, RotateCcw, Trash2 } from "lucide-react";
import { type ReactNode, type Ref, useId } from "react";
import { agentTypeLabel } from "../utils/agent-type-label";

const TRAINING_STATUS = {
  untrained: { label: "Untrained", variant: "secondary" },
  training: { label: "Training", variant: "default" },
  trained: { label: "Trained", variant: "success" },
  failed: { label: "Training failed", variant: "destructive" },
} as const;

export type CustomAgentItemProps = {
  agent: CustomAgentDetail;
  training: boolean;
  onTrain: () => void;
  onDelete: () => void;
  /** The agent's other actions, composed by the page (test chat, Configure, Analytics). */
  actions?: ReactNode;
  /** The row itself, focusable, so focus can land on it when a neighbour is deleted. */
  ref?: Ref<HTMLElement>;
};

export function CustomAgentItem({ agent, training, onTrain, onDelete, actions, ref }: CustomAgentItemProps) {
  const id = useId();
  const status = TRAINING_STATUS[agent.trainingStatus];
  return (
    <article
      ref={ref}
      tabIndex={-1}
      aria-labelledby={`${id}-name`}
      className="flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 id={`${id}-name`} className="min-w-0 break-words font-medium">
            {agent.name}
          </h3>
          <Badge variant="outline">{agentTypeLabel(agent.agentType)}</Badge>
          {agent.isPublic ? (
            <Badge variant="secondary">
              <Globe aria-hidden="true" />
              Public
            </Badge>
          ) : null}
        </div>
        {agent.description ? (
          <ExpandableText lines={2} className="text-muted-foreground text-sm">
            {agent.description}
          </ExpandableText>
        ) : null}
      </div>
      {agent.isPublic ? (
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm">
          <span className="text-muted-foreground">Endpoint</span>
          <code className="min-w-0 break-all rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
            {PUBLIC_API_PATH_PREFIX}
            {agent.apiEndpoint}
          </code>
        </p>
      ) : null}
      {/* A live region: the poll moves "Training" on to "Trained" or "Training failed" and it is read out. */}
      <div role="status" className="flex min-w-0 flex-col gap-1 text-sm">
        <span className="flex items-center gap-2">
          <span className="text-muted-foreground">Training status</span>
          <Badge variant={status.variant}>
            {agent.trainingStatus === "training" ? (
              <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
            ) : null}
            {status.label}
          </Badge>
        </span>
        {agent.trainingStatus === "failed" && agent.trainingError ? (
          <span className="break-words text-destructive text-xs">{agent.trainingError}</span>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {agent.trainingStatus === "untrained" ? (
          <Button size="sm" onClick={onTrain} disabled={training}>
            <GraduationCap aria-hidden="true" />
            {training ? "Starting…" : "Train"}
            <span className="sr-only"> {agent.name}</span>
          </Button>
        ) : null}
        {agent.trainingStatus === "failed" ? (
          <Button size="sm" variant="outline" onClick={onTrain} disabled={training}>
            <RotateCcw aria-hidden="true" />
            {training ? "Starting…" : "Retry training"}
            <span className="sr-only"> {agent.name}</span>
          </Button>
        ) : null}
        {actions}
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto text-destructive hover:text-destructive"
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
          Delete<span className="sr-only"> {agent.name}</span>
        </Button>
      </div>
    </article>
  );
}
