// "Public Endpoints": each public custom agent with its name and /api/v1/{apiEndpoint} (or "No public agents
// deployed"), a copy button for its full URL, and a Test box that calls it the way an outside caller would.
import { errorMessage } from "@acp/client/http-error";
import { PUBLIC_AGENT_SCOPE_NOTE, PUBLIC_API_PATH_PREFIX } from "@acp/contracts/constants";
import { Button } from "@acp/ui/components/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { ChevronDown, Copy, FlaskConical, Globe } from "lucide-react";
import { useId, useState } from "react";
import { copyText } from "../../../lib/copy-text";
import { usePublicAgents } from "../api/get-public-agents";
import { EndpointTest } from "./endpoint-test";

export function PublicEndpointsCard({ origin = window.location.origin }: { origin?: string }) {
  const id = useId();
  const agents = usePublicAgents();
  const list = agents.publicAgents;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={`${id}-title`}>Public Endpoints</h2>
        </CardTitle>
        <CardDescription>Agents anyone can call without an API key.</CardDescription>
      </CardHeader>
      <CardContent>
        <CardState
          status={cardStatus({ loading: agents.isPending, error: agents.isError, empty: list.length === 0 })}
          loadingLabel="Loading public endpoints…"
          rows={1}
          errorMessage={`Agents could not be loaded: ${errorMessage(agents.error)}`}
          onRetry={() => void agents.refetch()}
          empty={{
            icon: <Globe aria-hidden="true" />,
            title: "No public agents deployed",
            description:
              'Switch on "Make publicly accessible via API" for a custom agent on AI Agent Management.',
            compact: true,
          }}
        >
          {() => (
            <ul aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
              {list.map((agent) => (
                <li key={agent.id} className="min-w-0">
                  <PublicEndpoint
                    name={agent.name}
                    apiEndpoint={agent.apiEndpoint}
                    url={`${origin}${PUBLIC_API_PATH_PREFIX}${agent.apiEndpoint}`}
                  />
                </li>
              ))}
            </ul>
          )}
        </CardState>
      </CardContent>
    </Card>
  );
}

function PublicEndpoint({ name, apiEndpoint, url }: { name: string; apiEndpoint: string; url: string }) {
  const id = useId();
  const [testing, setTesting] = useState(false);
  return (
    <article
      aria-labelledby={`${id}-name`}
      className="flex min-w-0 flex-col gap-2 rounded-md border px-3 py-2"
    >
      <div className="flex min-w-0 flex-col gap-0.5">
        <h3 id={`${id}-name`} className="break-words font-medium text-sm">
          {name}
        </h3>
        <code className="break-all text-muted-foreground text-xs">
          {PUBLIC_API_PATH_PREFIX}
          {apiEndpoint}
        </code>
        <p className="text-muted-foreground text-xs">{PUBLIC_AGENT_SCOPE_NOTE}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={testing}
          aria-controls={`${id}-test`}
          onClick={() => setTesting((open) => !open)}
        >
          <FlaskConical aria-hidden="true" />
          Test<span className="sr-only"> {name}</span>
          <ChevronDown aria-hidden="true" className={testing ? "rotate-180" : undefined} />
        </Button>
        <Button variant="ghost" size="sm" onClick={() => void copyText(url, "The endpoint URL")}>
          <Copy aria-hidden="true" />
          Copy URL<span className="sr-only"> of {name}</span>
        </Button>
      </div>
      {testing ? <EndpointTest id={`${id}-test`} apiEndpoint={apiEndpoint} agentName={name} /> : null}
    </article>
  );
}
