// The Agent Management Center: each built-in agent with its features, status and toggle (spec section 2 and 4).
import { BUILT_IN_AGENTS } from "@acp/contracts/agents";
import { Badge } from "@acp/ui/components/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Switch } from "@acp/ui/components/switch";
import { Check } from "lucide-react";
import { AGENT_ICONS } from "../../../lib/agent-icons";
import { toggleBuiltInAgent } from "../toggle-built-in-agent";

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
          {BUILT_IN_AGENTS.map((agent) => {
            const Icon = AGENT_ICONS[agent.id];
            return (
              <li
                key={agent.id}
                className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-medium">{agent.name}</h3>
                    <Badge
                      variant={agent.status === "active" ? "success" : "secondary"}
                      className="capitalize"
                    >
                      {agent.status}
                    </Badge>
                    <Switch
                      className="ml-auto"
                      checked={agent.status === "active"}
                      onCheckedChange={() => toggleBuiltInAgent(agent)}
                      aria-label={`${agent.name} active`}
                    />
                  </div>
                  <ul className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-sm">
                    {agent.features.map((feature) => (
                      <li key={feature} className="flex items-center gap-1.5">
                        <Check aria-hidden="true" className="size-3.5 text-success" />
                        {feature}
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
