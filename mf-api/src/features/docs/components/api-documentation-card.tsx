// "API Documentation" (spec section 2): Bearer authentication, an agent endpoint POST with `message`, public
// endpoints without authentication, the OpenAI-compatible endpoints, examples against this server's base URL (curl,
// the `openai` SDK, the AI SDK, LangChain, LlamaIndex and Python, from @acp/contracts/client-examples, the one source
// the compatibility suite runs), and the full reference at /api/docs. The gtm endpoints' Test buttons keep the spec's
// "Test Feature" toast: they need a key, which this page never holds after showing it once.

import {
  apiBaseUrl,
  ENDPOINT_PLACEHOLDER,
  EXAMPLE_CLIENTS,
  examplesOfClient,
  KEY_VARIABLE,
} from "@acp/contracts/client-examples";
import { PUBLIC_API_PATH_PREFIX } from "@acp/contracts/constants";
import { INFO_TOASTS } from "@acp/contracts/messages";
import { Badge } from "@acp/ui/components/badge";
import { Button } from "@acp/ui/components/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@acp/ui/components/tabs";
import { toast } from "@acp/ui/hooks/use-toast";
import { BookOpen, Copy, ExternalLink, FlaskConical } from "lucide-react";
import { copyText } from "../../../lib/copy-text";
import { CodeSnippet } from "./code-snippet";

export const API_REFERENCE_URL = "/api/docs";

type Endpoint = { method: "GET" | "POST"; path: string; what: string; auth: string; testable?: boolean };

const ENDPOINTS: readonly Endpoint[] = [
  {
    method: "POST",
    path: `${PUBLIC_API_PATH_PREFIX}${ENDPOINT_PLACEHOLDER}`,
    what: 'Ask an agent: { "message" } in, { "response", "sources" } out.',
    auth: "API key; none for a public agent",
  },
  {
    method: "POST",
    path: `${PUBLIC_API_PATH_PREFIX}chat/completions`,
    what: "OpenAI-compatible chat; model is the agent's endpoint; stream: true streams.",
    auth: "API key; none for a public agent",
  },
  {
    method: "POST",
    path: `${PUBLIC_API_PATH_PREFIX}responses`,
    what: "OpenAI's Responses API: input in, output with citations out; stream: true streams.",
    auth: "API key; none for a public agent",
  },
  {
    method: "GET",
    path: `${PUBLIC_API_PATH_PREFIX}models`,
    what: "The agents the key may call, as models; an empty list without a key.",
    auth: "API key",
  },
  {
    method: "GET",
    path: `${PUBLIC_API_PATH_PREFIX}models/${ENDPOINT_PLACEHOLDER}`,
    what: "One agent the key may call, or any public agent, as a model.",
    auth: "API key; none for a public agent",
  },
  {
    method: "GET",
    path: `${PUBLIC_API_PATH_PREFIX}gtm/strategy`,
    what: "The GTM agent's strategy summary from its knowledge.",
    auth: "API key",
    testable: true,
  },
  {
    method: "POST",
    path: `${PUBLIC_API_PATH_PREFIX}gtm/analyze`,
    what: 'The GTM agent\'s analysis of the posted text: { "text" } in.',
    auth: "API key",
    testable: true,
  },
];

export function ApiDocumentationCard({
  origin = window.location.origin,
  endpoint,
}: {
  origin?: string;
  /** A real agent endpoint to put in the examples (one of the user's public agents); a placeholder otherwise. */
  endpoint?: string | undefined;
}) {
  const baseUrl = apiBaseUrl(origin);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>API Documentation</h2>
        </CardTitle>
        <CardDescription>
          Call your agents over HTTP, or with the OpenAI-compatible clients you already use.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex min-w-0 flex-col gap-6 text-sm">
        <section className="flex flex-col gap-1.5">
          <h3 className="font-medium">Authentication</h3>
          <p className="text-muted-foreground">
            Authenticated endpoints take an <code className="font-mono">Authorization</code> header with a
            Bearer API key:{" "}
            <code className="font-mono [overflow-wrap:anywhere]">
              Authorization: Bearer &lt;your API key&gt;
            </code>
            . Public agent endpoints need no authentication. The examples read the key from the{" "}
            <code className="font-mono">{KEY_VARIABLE}</code> environment variable.
          </p>
        </section>

        <section className="flex min-w-0 flex-col gap-1.5">
          <h3 className="font-medium">Base URL</h3>
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <code className="min-w-0 rounded [overflow-wrap:anywhere] bg-muted px-1.5 py-0.5 font-mono text-xs">
              {baseUrl}
            </code>
            <Button variant="ghost" size="sm" onClick={() => void copyText(baseUrl, "The base URL")}>
              <Copy aria-hidden="true" />
              Copy<span className="sr-only"> base URL</span>
            </Button>
          </div>
        </section>

        <section className="flex min-w-0 flex-col gap-2">
          <h3 className="font-medium">Endpoints</h3>
          <ul className="flex flex-col divide-y rounded-lg border">
            {ENDPOINTS.map((item) => (
              <li
                key={`${item.method} ${item.path}`}
                className="flex min-w-0 flex-wrap items-start gap-x-3 gap-y-1.5 px-3 py-2"
              >
                <div className="flex min-w-0 flex-1 basis-64 flex-col gap-0.5">
                  <span className="flex min-w-0 flex-wrap items-center gap-2">
                    <Badge variant="outline" className="font-mono">
                      {item.method}
                    </Badge>
                    <code className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">{item.path}</code>
                  </span>
                  <span className="text-muted-foreground text-xs">
                    {item.what} Auth: {item.auth}.
                  </span>
                </div>
                {item.testable ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      toast({
                        title: INFO_TOASTS.testFeature,
                        description: `Testing ${item.method} ${item.path} from this page is coming soon. It needs an API key: call it with curl as below.`,
                      })
                    }
                  >
                    <FlaskConical aria-hidden="true" />
                    Test<span className="sr-only"> {`${item.method} ${item.path}`}</span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>

        <section className="flex min-w-0 flex-col gap-2">
          <h3 className="font-medium">Examples</h3>
          <p className="text-muted-foreground">
            The JSON body has a <code className="font-mono">message</code> field; the answer is in{" "}
            <code className="font-mono">response</code>, the passages it used in{" "}
            <code className="font-mono">sources</code>.
            {endpoint ? null : (
              <>
                {" "}
                Replace <code className="font-mono">{ENDPOINT_PLACEHOLDER}</code> with an agent's endpoint.
              </>
            )}
          </p>
          <Tabs defaultValue="curl" className="min-w-0">
            <TabsList aria-label="Example client">
              {EXAMPLE_CLIENTS.map((client) => (
                <TabsTrigger key={client.id} value={client.id}>
                  {client.label}
                </TabsTrigger>
              ))}
            </TabsList>
            {EXAMPLE_CLIENTS.map((client) => (
              <TabsContent key={client.id} value={client.id} className="flex min-w-0 flex-col gap-3">
                <p className="text-muted-foreground text-xs">
                  {client.description}
                  {client.id === "curl" ? null : " The model is the agent's endpoint."}
                  {client.install ? (
                    <>
                      {" "}
                      Install with{" "}
                      <code className="font-mono [overflow-wrap:anywhere]">{client.install}</code>.
                    </>
                  ) : null}
                </p>
                {examplesOfClient(client.id).map((example) => (
                  <CodeSnippet key={example.id} title={example.label} code={example.code(origin, endpoint)} />
                ))}
              </TabsContent>
            ))}
          </Tabs>
        </section>

        <a
          href={API_REFERENCE_URL}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-2 self-start font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <BookOpen aria-hidden="true" className="size-4" />
          Full API reference
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </CardContent>
    </Card>
  );
}
