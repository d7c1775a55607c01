// The Agent Management Center: each built-in agent with its features, status and toggle (spec section 2 and 4).
import { BUILT_IN_AGENTS, type BuiltInAgent } from "@acp/contracts/agents";
import { AgentIcon } from "@acp/ui/components/agent-icon";
import { Badge } from "@acp/ui/components/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { FeatureList } from "@acp/ui/components/feature-list";
import { Switch } from "@acp/ui/components/switch";
import { toggleBuiltInAgent } from "../toggle-built-in-agent";

/** What pressing the switch does, not what it shows (a switch's state is already announced as on/off). */
export function switchLabel(agent: BuiltInAgent): string {
  return agent.status === "active" ? `Deactivate ${agent.name}` : `Activate ${agent.name}`;
}

export function AgentCenterCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Agent Management Center</h2>
        </CardTitle>
        <CardDescription>
          What each executive agent does, and whether it is active or ready to deploy.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y">
          {BUILT_IN_AGENTS.map((agent) => (
            <li
              key={agent.id}
              className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <AgentIcon agentId={agent.id} className="size-4" />
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="min-w-0 break-words font-medium">{agent.name}</h3>
                  <Badge variant={agent.status === "active" ? "success" : "secondary"} className="capitalize">
                    {agent.status}
                  </Badge>
                  <Switch
                    className="ml-auto"
                    checked={agent.status === "active"}
                    onCheckedChange={() => toggleBuiltInAgent(agent)}
                    aria-label={switchLabel(agent)}
                  />
                </div>
                <FeatureList features={agent.features} layout="inline" />
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
