// The Agent Management Center (spec section 2): an expandable card per executive agent with its features, status
// badge and switch, read from the user's stored state (GET /api/agents) and changed through the API.
import { errorMessage } from "@acp/client/http-error";
import type { BuiltInAgentState } from "@acp/contracts/chat";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@acp/ui/components/card";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { Skeleton } from "@acp/ui/components/skeleton";
import type { ReactNode } from "react";
import { useBuiltInAgents } from "../api/get-built-in-agents";
import { useAgentActivation, usePendingAgentIds } from "../hooks/use-agent-activation";
import { BuiltInAgentItem } from "./built-in-agent-item";

export function AgentCenterCard({
  settingsActions,
  footer,
}: {
  /** What an active agent offers besides its switch: the page composes Configure and Analytics. */
  settingsActions?: (agent: BuiltInAgentState) => ReactNode;
  /** Shown under the agents: the dashboard's quick actions to the management pages. */
  footer?: ReactNode;
}) {
  const agents = useBuiltInAgents();
  const pending = usePendingAgentIds();
  const { toggle, activate } = useAgentActivation();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Agent Management Center</h2>
        </CardTitle>
        <CardDescription>
          Switch each executive agent on or off, see what it does and how it is configured.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <CardState
          status={cardStatus({ loading: agents.isPending, error: agents.isError })}
          loadingLabel="Loading the executive agents…"
          placeholder={
            <div className="grid gap-3 lg:grid-cols-2">
              {[0, 1, 2, 3].map((key) => (
                <Skeleton key={key} className="h-32" />
              ))}
            </div>
          }
          errorMessage={`The agents could not be loaded: ${errorMessage(agents.error)}`}
          onRetry={() => void agents.refetch()}
        >
          {() => (
            <ul aria-label="Executive agents" className="grid gap-3 lg:grid-cols-2">
              {(agents.data ?? []).map((agent) => (
                <li key={agent.id} className="min-w-0">
                  <BuiltInAgentItem
                    agent={agent}
                    pending={pending.has(agent.id)}
                    onToggle={() => void toggle(agent)}
                    onActivate={() => void activate(agent)}
                    settingsActions={settingsActions?.(agent)}
                  />
                </li>
              ))}
            </ul>
          )}
        </CardState>
      </CardContent>
      {footer ? <CardFooter className="flex flex-wrap gap-2">{footer}</CardFooter> : null}
    </Card>
  );
}
