// "Quick Deploy Executive Agents": switches on every executive agent in one go (PATCH /api/agents/{id} for each one
// not yet active) and lists the five with their stored status, each opening its deployment wizard.
import { errorMessage } from "@acp/client/http-error";
import { builtInAgentStatus } from "@acp/contracts/agents";
import { agentWizardPath } from "@acp/federation/remotes";
import { Link } from "@acp/router";
import { AgentIcon } from "@acp/ui/components/agent-icon";
import { Badge } from "@acp/ui/components/badge";
import { Button } from "@acp/ui/components/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { Skeleton } from "@acp/ui/components/skeleton";
import { ChevronRight, Rocket } from "lucide-react";
import { useState } from "react";
import { useBuiltInAgents } from "../api/get-built-in-agents";
import { useAgentActivation } from "../hooks/use-agent-activation";

export function QuickDeployCard() {
  const agents = useBuiltInAgents();
  const { deployAll } = useAgentActivation();
  const [deploying, setDeploying] = useState(false);
  const list = agents.data ?? [];
  const waiting = list.filter((agent) => !agent.enabled).length;

  const deploy = async () => {
    setDeploying(true);
    try {
      await deployAll(list);
    } finally {
      setDeploying(false);
    }
  };

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle asChild>
            <h2>Quick Deploy Executive Agents</h2>
          </CardTitle>
          <CardDescription>
            Activate all five executive agents at once, or open an agent's wizard to give it data, train it
            and test it.
          </CardDescription>
        </div>
        {agents.isSuccess ? (
          <Button onClick={() => void deploy()} disabled={deploying || waiting === 0} className="shrink-0">
            <Rocket aria-hidden="true" />
            {deploying
              ? "Deploying…"
              : waiting === 0
                ? "All Executive Agents Active"
                : "Deploy All Executive Agents"}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        <CardState
          status={cardStatus({ loading: agents.isPending, error: agents.isError })}
          loadingLabel="Loading the executive agents…"
          placeholder={
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {[0, 1, 2].map((key) => (
                <Skeleton key={key} className="h-16" />
              ))}
            </div>
          }
          errorMessage={`The agents could not be loaded: ${errorMessage(agents.error)}`}
          onRetry={() => void agents.refetch()}
        >
          {() => (
            <ul aria-label="Agent wizards" className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {list.map((agent) => {
                const status = builtInAgentStatus(agent);
                return (
                  <li key={agent.id} className="min-w-0">
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
                          <Badge
                            variant={status === "active" ? "success" : "secondary"}
                            className="shrink-0 capitalize"
                          >
                            {status}
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
                );
              })}
            </ul>
          )}
        </CardState>
      </CardContent>
    </Card>
  );
}
