// One executive agent in the Agent Management Center: name, status badge and switch; Configure and Analytics when
// it is active, "Activate Agent" otherwise; its features and current configuration behind a disclosure.

import { builtInAgentStatus } from "@acp/contracts/agents";
import type { BuiltInAgentState } from "@acp/contracts/chat";
import { agentWizardPath } from "@acp/federation/remotes";
import { Link } from "@acp/router";
import { AgentIcon } from "@acp/ui/components/agent-icon";
import { Badge } from "@acp/ui/components/badge";
import { Button } from "@acp/ui/components/button";
import { FeatureList } from "@acp/ui/components/feature-list";
import { StatList } from "@acp/ui/components/stat-list";
import { Switch } from "@acp/ui/components/switch";
import { cn } from "@acp/ui/lib/cn";
import { ChevronDown, Power } from "lucide-react";
import { type ReactNode, useId, useState } from "react";

/** What pressing the switch does, not what it shows (a switch's state is already announced as on or off). */
function switchLabel(agent: Pick<BuiltInAgentState, "name" | "enabled">): string {
  return agent.enabled ? `Deactivate ${agent.name}` : `Activate ${agent.name}`;
}

export type BuiltInAgentItemProps = {
  agent: BuiltInAgentState;
  pending: boolean;
  onToggle: () => void;
  onActivate: () => void;
  /** Configure and Analytics, composed by the page (they belong to the agent-settings feature). */
  settingsActions?: ReactNode;
};

export function BuiltInAgentItem({
  agent,
  pending,
  onToggle,
  onActivate,
  settingsActions,
}: BuiltInAgentItemProps) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const status = builtInAgentStatus(agent);
  const customPrompt = agent.settings.systemPrompt !== agent.defaultSystemPrompt;
  return (
    <article
      aria-labelledby={`${id}-name`}
      aria-busy={pending || undefined}
      className="flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4"
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <AgentIcon agentId={agent.id} className="size-4" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h3 id={`${id}-name`} className="min-w-0 break-words font-medium">
              {agent.name}
            </h3>
            <Badge variant={status === "active" ? "success" : "secondary"} className="capitalize">
              {status}
            </Badge>
          </div>
          <p className="text-muted-foreground text-sm">{agent.description}</p>
        </div>
        <Switch
          checked={agent.enabled}
          disabled={pending}
          onCheckedChange={onToggle}
          aria-label={switchLabel(agent)}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {agent.enabled ? (
          settingsActions
        ) : (
          <Button size="sm" onClick={onActivate} disabled={pending}>
            <Power aria-hidden="true" />
            Activate Agent<span className="sr-only"> {agent.name}</span>
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          aria-expanded={expanded}
          aria-controls={`${id}-details`}
          onClick={() => setExpanded((open) => !open)}
        >
          Details<span className="sr-only"> of {agent.name}</span>
          <ChevronDown aria-hidden="true" className={cn("transition-transform", expanded && "rotate-180")} />
        </Button>
      </div>
      <div id={`${id}-details`} hidden={!expanded} className="flex flex-col gap-4 border-t pt-3">
        <section aria-labelledby={`${id}-features`} className="flex flex-col gap-2">
          <h4 id={`${id}-features`} className="font-medium text-sm">
            Features
          </h4>
          <FeatureList features={agent.features} />
        </section>
        <section aria-labelledby={`${id}-configuration`} className="flex flex-col gap-2">
          <h4 id={`${id}-configuration`} className="font-medium text-sm">
            Configuration
          </h4>
          <StatList
            stats={[
              { label: "System prompt", value: customPrompt ? "Customised" : "Default" },
              { label: "Model", value: agent.settings.model ?? "Installation default" },
              { label: "Temperature", value: agent.settings.temperature },
              { label: "Passages per answer", value: agent.settings.topK },
            ]}
          />
        </section>
        <Link
          to={agentWizardPath(agent.id)}
          className="self-start text-primary text-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Open the {agent.name} wizard
        </Link>
      </div>
    </article>
  );
}
