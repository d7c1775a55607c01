// The empty list's offer (spec section 2 and 9): the six preset demo agents, deployed as public custom agents with
// their system prompts, with "Demo Agent Created" or "Failed to create demo agent: {message}".
import { DEMO_AGENT_PRESETS } from "@acp/contracts/agents";
import { Button } from "@acp/ui/components/button";
import { Bot, Sparkles } from "lucide-react";
import { useId } from "react";
import { useDeployDemoAgents } from "../api/deploy-demo-agents";

export function DemoAgentPresets() {
  const id = useId();
  const deploy = useDeployDemoAgents();
  const run = () => deploy.mutate();

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-lg border border-dashed p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-title`} className="flex items-center gap-2 font-medium">
          <Sparkles aria-hidden="true" className="size-4 text-primary" />
          No custom agents yet
        </h3>
        <p className="text-muted-foreground text-sm">
          Create one above, or deploy these six demo agents to try them out. They are public: each answers at
          its own API endpoint.
        </p>
      </div>
      <ul aria-label="Demo agents" className="grid gap-2 sm:grid-cols-2">
        {DEMO_AGENT_PRESETS.map((preset) => (
          <li key={preset.name} className="flex min-w-0 items-start gap-2 rounded-md bg-muted/50 p-3 text-sm">
            <Bot aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <span className="flex min-w-0 flex-col">
              <span className="font-medium">{preset.name}</span>
              <span className="text-muted-foreground text-xs">{preset.description}</span>
            </span>
          </li>
        ))}
      </ul>
      <Button onClick={run} disabled={deploy.isPending} className="self-start">
        <Sparkles aria-hidden="true" />
        {deploy.isPending ? "Deploying demo agents…" : `Deploy ${DEMO_AGENT_PRESETS.length} Demo Agents`}
      </Button>
    </section>
  );
}
