// The API keys list: name, preview, active badge and last use; the rate limit shown is the one the API enforces.

import { useApiKeys } from "@acp/client/api-keys";
import { errorMessage } from "@acp/client/http-error";
import { API_KEY_RATE_LIMIT_PER_HOUR } from "@acp/contracts/constants";
import { Badge } from "@acp/ui/components/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { ExpandableText } from "@acp/ui/components/expandable-text";
import { KeyRound } from "lucide-react";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

export function ApiKeysCard() {
  const { data, isLoading, isError, error, refetch } = useApiKeys();
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
        <CardState
          status={cardStatus({ loading: isLoading, error: isError, empty: (data ?? []).length === 0 })}
          loadingLabel="Loading API keys…"
          errorMessage={`API keys could not be loaded: ${errorMessage(error)}`}
          onRetry={() => void refetch()}
          empty={{
            icon: <KeyRound aria-hidden="true" />,
            title: "No API keys yet",
            description:
              "Create a key to call your agents from your own products. Its full value is shown only once.",
          }}
        >
          {() => (
            <ul className="flex flex-col divide-y rounded-lg border">
              {(data ?? []).map((key) => (
                <li key={key.id} className="flex items-center justify-between gap-3 px-4 py-3">
                  <div className="flex min-w-0 flex-col">
                    <ExpandableText className="font-medium text-sm">{key.name}</ExpandableText>
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
          )}
        </CardState>
      </CardContent>
    </Card>
  );
}
