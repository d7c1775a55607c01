// "Quick Deploy Executive Agents": the five built-in agents with their status, each opening its deployment wizard.
import { BUILT_IN_AGENTS } from "@acp/contracts/agents";
import { agentWizardPath } from "@acp/federation/remotes";
import { Link } from "@acp/router";
import { AgentIcon } from "@acp/ui/components/agent-icon";
import { Badge } from "@acp/ui/components/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { ChevronRight } from "lucide-react";

export function QuickDeployCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Quick Deploy Executive Agents</h2>
        </CardTitle>
        <CardDescription>
          Open an agent's wizard to give it data, train it, test it and put it to work.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {BUILT_IN_AGENTS.map((agent) => (
            <li key={agent.id}>
              <Link
                to={agentWizardPath(agent.id)}
                className="group flex h-full items-center gap-3 rounded-lg border p-3 outline-none transition-colors hover:border-primary/40 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <AgentIcon agentId={agent.id} className="size-5" />
                </span>
                <span className="flex min-w-0 flex-1 flex-col">
                  {/* Wraps instead of pushing the badge over the chevron on narrow cards. */}
                  <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 font-medium text-sm">
                    <span className="min-w-0 break-words">{agent.name}</span>
                    <Badge variant={agent.status === "active" ? "success" : "secondary"} className="shrink-0">
                      {agent.sidebarBadge}
                    </Badge>
                  </span>
                  <span className="truncate text-muted-foreground text-xs">{agent.description}</span>
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
