// The wizard's header: the agent's name, subtitle and badge, then "Step N of 4: title" with the progress bar.
import type { BuiltInAgent } from "@acp/contracts/agents";
import { wizardProgress } from "@acp/contracts/constants";
import { AgentIcon } from "@acp/ui/components/agent-icon";
import { Badge } from "@acp/ui/components/badge";
import { PageHeader } from "@acp/ui/components/page-header";
import { Progress } from "@acp/ui/components/progress";
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
  const label = stepLabel(step, current.title);
  return (
    <PageHeader
      title={agent.name}
      description={agent.description}
      icon={<AgentIcon agentId={agent.id} />}
      actions={
        <Badge variant={agent.wizardBadge === "Active" ? "success" : "secondary"}>{agent.wizardBadge}</Badge>
      }
    >
      <div className="flex flex-col gap-2">
        <p className="font-medium text-sm">{label}</p>
        <Progress value={wizardProgress(step)} aria-label={label} />
      </div>
    </PageHeader>
  );
}
