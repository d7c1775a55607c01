// The API keys list: name, preview, active badge and last use; the rate limit shown is the one the API enforces.
import { API_KEY_RATE_LIMIT_PER_HOUR } from "@acp/contracts/constants";
import { Badge } from "@acp/ui/components/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Skeleton } from "@acp/ui/components/skeleton";
import { KeyRound } from "lucide-react";
import { useApiKeys } from "../api/get-api-keys";

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
            API keys could not be loaded: {error.message}
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
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-muted">
              <KeyRound aria-hidden="true" className="size-6 text-muted-foreground" />
            </span>
            <h3 className="font-medium">No API keys yet</h3>
            <p className="max-w-sm text-muted-foreground text-sm">
              Create a key to call your agents from your own products. Its full value is shown only once.
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
