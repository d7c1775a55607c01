// The wizard's header: the agent's name, subtitle and badge, then "Step N of 4: title" with the progress bar.
import type { BuiltInAgent } from "@acp/contracts/agents";
import { wizardProgress } from "@acp/contracts/constants";
import { Badge } from "@acp/ui/components/badge";
import { Progress } from "@acp/ui/components/progress";
import { AGENT_ICONS } from "../../../lib/agent-icons";
import { stepLabel, type WizardStep } from "../wizard-steps";

export function WizardHeader({
  agent,
  step,
  current,
}: {
  agent: BuiltInAgent;
  step: number;
  current: WizardStep;
}) {
  const Icon = AGENT_ICONS[agent.id];
  const label = stepLabel(step, current.title);
  return (
    <header className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <div className="flex flex-col gap-1">
            <h1 className="font-bold text-3xl tracking-tight">{agent.name}</h1>
            <p className="text-muted-foreground">{agent.description}</p>
          </div>
        </div>
        <Badge
          variant={agent.wizardBadge === "Active" ? "success" : "secondary"}
          className="self-start sm:self-center"
        >
          {agent.wizardBadge}
        </Badge>
      </div>
      <div className="flex flex-col gap-2">
        <p className="font-medium text-sm">{label}</p>
        <Progress value={wizardProgress(step)} aria-label={label} />
      </div>
    </header>
  );
}
