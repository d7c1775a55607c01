// The wizard's header: the agent's name, subtitle and status badge (the user's stored switch, as on every screen;
// the spec's fixed label until it is read), then "Step N of 4: title" with the progress bar.
import { builtInAgentsQueryOptions } from "@acp/client/agents";
import { type BuiltInAgent, builtInAgentStatus, WIZARD_STATUS_LABELS } from "@acp/contracts/agents";
import { wizardProgress } from "@acp/contracts/constants";
import { AgentIcon } from "@acp/ui/components/agent-icon";
import { Badge } from "@acp/ui/components/badge";
import { PageHeader } from "@acp/ui/components/page-header";
import { Progress } from "@acp/ui/components/progress";
import { useQuery } from "@tanstack/react-query";
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
  const stored = useQuery(builtInAgentsQueryOptions()).data?.find((state) => state.id === agent.id);
  const status = stored ? builtInAgentStatus(stored) : agent.status;
  return (
    <PageHeader
      title={agent.name}
      description={agent.description}
      icon={<AgentIcon agentId={agent.id} />}
      actions={
        <Badge variant={status === "active" ? "success" : "secondary"}>{WIZARD_STATUS_LABELS[status]}</Badge>
      }
    >
      <div className="flex flex-col gap-2">
        <p className="font-medium text-sm">{label}</p>
        <Progress value={wizardProgress(step)} aria-label={label} />
      </div>
    </PageHeader>
  );
}
