// "Public Endpoints": each public custom agent with an endpoint and its path, or "No public agents deployed".

import { useCustomAgents } from "@acp/client/custom-agents";
import { errorMessage } from "@acp/client/http-error";
import { PUBLIC_API_PATH_PREFIX } from "@acp/contracts/constants";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Skeleton } from "@acp/ui/components/skeleton";
import { Globe } from "lucide-react";

export function PublicEndpointsCard() {
  const { data, isLoading, isError, error } = useCustomAgents();
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
        {isLoading ? (
          <Skeleton className="h-12" />
        ) : isError ? (
          <p role="alert" className="text-destructive text-sm">
            Agents could not be loaded: {errorMessage(error)}
          </p>
        ) : publicAgents.length > 0 ? (
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
        ) : (
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <Globe aria-hidden="true" className="size-4" />
            No public agents deployed
          </p>
        )}
      </CardContent>
    </Card>
  );
}
