// "Public Endpoints": each public custom agent with an endpoint and its path, or "No public agents deployed".

import { useCustomAgents } from "@acp/client/custom-agents";
import { errorMessage } from "@acp/client/http-error";
import { PUBLIC_API_PATH_PREFIX } from "@acp/contracts/constants";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { Globe } from "lucide-react";

export function PublicEndpointsCard() {
  const { data, isLoading, isError, error, refetch } = useCustomAgents();
  const publicAgents = (data ?? []).filter((agent) => agent.isPublic && agent.apiEndpoint);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Public Endpoints</h2>
        </CardTitle>
        <CardDescription>Agents anyone can call without an API key.</CardDescription>
      </CardHeader>
      <CardContent>
        <CardState
          status={cardStatus({ loading: isLoading, error: isError, empty: publicAgents.length === 0 })}
          loadingLabel="Loading public endpoints…"
          rows={1}
          errorMessage={`Agents could not be loaded: ${errorMessage(error)}`}
          onRetry={() => void refetch()}
          empty={{ icon: <Globe aria-hidden="true" />, title: "No public agents deployed", compact: true }}
        >
          {() => (
            <ul className="flex flex-col gap-2">
              {publicAgents.map((agent) => (
                <li key={agent.id} className="flex flex-col gap-0.5 rounded-md border px-3 py-2">
                  <span className="font-medium text-sm">{agent.name}</span>
                  <code className="break-all text-muted-foreground text-xs">
                    {PUBLIC_API_PATH_PREFIX}
                    {agent.apiEndpoint}
                  </code>
                </li>
              ))}
            </ul>
          )}
        </CardState>
      </CardContent>
    </Card>
  );
}
