// "Custom Agents": the user's agents (polled while one trains), the six demo presets when there are none, and the
// delete confirmation, with focus placed on a neighbour (or the heading) once an agent is gone.

import { errorMessage } from "@acp/client/http-error";
import type { CustomAgentDetail } from "@acp/contracts/chat";
import { ERROR_TOASTS, SUCCESS_TOASTS } from "@acp/contracts/messages";
import { toastError } from "@acp/federation/toast-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { Skeleton } from "@acp/ui/components/skeleton";
import { toast } from "@acp/ui/hooks/use-toast";
import { useIsMutating } from "@tanstack/react-query";
import { type ReactNode, useId, useRef, useState } from "react";
import { DEPLOY_DEMO_AGENTS_KEY } from "../api/deploy-demo-agents";
import { useCustomAgents } from "../api/get-custom-agents";
import { useTrainCustomAgent } from "../api/train-custom-agent";
import { CustomAgentItem } from "./custom-agent-item";
import { DeleteCustomAgentDialog, type DeleteTarget } from "./delete-custom-agent-dialog";
import { DemoAgentPresets } from "./demo-agent-presets";

export function CustomAgentsCard({
  agentActions,
}: {
  /** An agent's test chat, Configure and Analytics, composed by the page (they belong to other features). */
  agentActions?: (agent: CustomAgentDetail) => ReactNode;
}) {
  const id = useId();
  const agents = useCustomAgents();
  const train = useTrainCustomAgent();
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const items = useRef(new Map<string, HTMLElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  /** Where focus goes once the agent being deleted is gone, chosen while its row is still listed. */
  const focusAfter = useRef<string | null>(null);
  const list = agents.data ?? [];
  // The demo agents arrive one by one: the offer stays (showing its progress) until the last one is created.
  const deployingDemo = useIsMutating({ mutationKey: DEPLOY_DEMO_AGENTS_KEY }) > 0;

  const startTraining = (agent: CustomAgentDetail) =>
    train.mutate(agent.id, {
      onSuccess: () => toast({ title: SUCCESS_TOASTS.trainingStarted, description: agent.name }),
      onError: (error) => toastError(error, { sentence: ERROR_TOASTS.startTraining }),
    });

  const askToDelete = (agent: CustomAgentDetail) => {
    const index = list.findIndex((other) => other.id === agent.id);
    focusAfter.current = (list[index + 1] ?? list[index - 1])?.id ?? null;
    setDeleting({ id: agent.id, name: agent.name, isPublic: agent.isPublic });
  };

  /** The deleted agent's row is gone: focus the next one, else the previous, else the card's heading. */
  const focusAfterDelete = () => {
    const neighbour = focusAfter.current === null ? undefined : items.current.get(focusAfter.current);
    focusAfter.current = null;
    (neighbour?.isConnected ? neighbour : heading.current)?.focus();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 ref={heading} id={`${id}-title`} tabIndex={-1} className="outline-none">
            Custom Agents
          </h2>
        </CardTitle>
        <CardDescription>Your own agents, their public endpoints and their training.</CardDescription>
      </CardHeader>
      <CardContent>
        <CardState
          status={cardStatus({ loading: agents.isPending, error: agents.isError })}
          loadingLabel="Loading your custom agents…"
          placeholder={
            <div className="grid gap-3 lg:grid-cols-2">
              <Skeleton className="h-36" />
              <Skeleton className="h-36" />
            </div>
          }
          errorMessage={`Your custom agents could not be loaded: ${errorMessage(agents.error)}`}
          onRetry={() => void agents.refetch()}
        >
          {() => (
            <div className="flex flex-col gap-4">
              {list.length === 0 || deployingDemo ? <DemoAgentPresets /> : null}
              {list.length > 0 ? (
                <ul aria-labelledby={`${id}-title`} className="grid gap-3 lg:grid-cols-2">
                  {list.map((agent) => (
                    <li key={agent.id} className="min-w-0">
                      <CustomAgentItem
                        ref={(element) => {
                          if (element) items.current.set(agent.id, element);
                          else items.current.delete(agent.id);
                        }}
                        agent={agent}
                        training={train.isPending && train.variables === agent.id}
                        onTrain={() => startTraining(agent)}
                        onDelete={() => askToDelete(agent)}
                        actions={agentActions?.(agent)}
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          )}
        </CardState>
      </CardContent>
      <DeleteCustomAgentDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        onClosedAfterDelete={focusAfterDelete}
      />
    </Card>
  );
}
