// The API keys list: name, preview, active badge and last use; the rate limit shown is the one the API enforces.

import { useApiKeys } from "@acp/client/api-keys";
import { errorMessage } from "@acp/client/http-error";
import { API_KEY_RATE_LIMIT_PER_HOUR } from "@acp/contracts/constants";
import { Badge } from "@acp/ui/components/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { EmptyState } from "@acp/ui/components/empty-state";
import { Skeleton } from "@acp/ui/components/skeleton";
import { KeyRound } from "lucide-react";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

export function ApiKeysCard() {
  const { data, isLoading, isError, error } = useApiKeys();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>API Keys</h2>
        </CardTitle>
        <CardDescription>
          Keys authenticate calls to your agents. Each key is limited to {API_KEY_RATE_LIMIT_PER_HOUR}/hr.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div role="status" aria-busy="true" className="flex flex-col gap-2">
            <span className="sr-only">Loading API keys…</span>
            {["a", "b"].map((id) => (
              <Skeleton key={id} className="h-14" />
            ))}
          </div>
        ) : isError ? (
          <p role="alert" className="text-destructive text-sm">
            API keys could not be loaded: {errorMessage(error)}
          </p>
        ) : data && data.length > 0 ? (
          <ul className="flex flex-col divide-y rounded-lg border">
            {data.map((key) => (
              <li key={key.id} className="flex items-center justify-between gap-3 px-4 py-3">
                <div className="flex min-w-0 flex-col">
                  <span className="truncate font-medium text-sm">{key.name}</span>
                  <span className="font-mono text-muted-foreground text-xs">{key.keyPreview}</span>
                  <span className="text-muted-foreground text-xs">
                    Created {dateFormat.format(new Date(key.createdAt))}
                    {key.lastUsed
                      ? ` · last used ${dateFormat.format(new Date(key.lastUsed))}`
                      : " · never used"}
                  </span>
                </div>
                <Badge variant={key.isActive ? "success" : "secondary"}>
                  {key.isActive ? "active" : "inactive"}
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            icon={<KeyRound aria-hidden="true" />}
            title="No API keys yet"
            description="Create a key to call your agents from your own products. Its full value is shown only once."
          />
        )}
      </CardContent>
    </Card>
  );
}
