// Step 2's shared training jobs component (spec section 2): mf-training's TrainingJobs loaded through federation, its
// form fixed to the agent's model type when the agent is one (gtm, legal, vision).
import type { BuiltInAgentId } from "@acp/contracts/agents";
import { MODEL_TYPES } from "@acp/contracts/constants";
import type { ModelType } from "@acp/contracts/entities";
import { RemoteComponent } from "@acp/federation/remote-component";
import { Skeleton } from "@acp/ui/components/skeleton";

export function modelTypeOf(agentId: BuiltInAgentId): ModelType | undefined {
  return MODEL_TYPES.find((modelType) => modelType === agentId);
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
