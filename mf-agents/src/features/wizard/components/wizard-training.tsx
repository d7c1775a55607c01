// Step 2's shared training jobs component (spec section 2): mf-training's TrainingJobs loaded through federation, its
// form fixed to the wizard's own agent, so "Train Technical Agent" trains the technical agent (issue 29).
import type { BuiltInAgentId } from "@acp/contracts/agents";
import type { ModelType } from "@acp/contracts/entities";
import { RemoteComponent } from "@acp/federation/remote-component";
import { Skeleton } from "@acp/ui/components/skeleton";

/** Every built-in agent is a model type a job can train (this fails to compile if the two lists drift apart). */
export function modelTypeOf(agentId: BuiltInAgentId): ModelType {
  return agentId;
}

function TrainingLoading() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">Loading the training jobs…</span>
      <Skeleton className="h-64" />
    </div>
  );
}

export function WizardTraining({ agentId }: { agentId: BuiltInAgentId }) {
  return (
    <RemoteComponent
      target={{ remote: "mf-training", module: "./TrainingJobs", props: { modelType: modelTypeOf(agentId) } }}
      fallback={<TrainingLoading />}
    />
  );
}
