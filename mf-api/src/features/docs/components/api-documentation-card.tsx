// "API Documentation": how to authenticate and call an agent endpoint (spec section 2).
import { PUBLIC_API_PATH_PREFIX } from "@acp/contracts/constants";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";

/** The example call, against this server's own address so it can be pasted into a terminal as is. */
export function exampleRequest(origin: string): string {
  return `curl -X POST ${origin}${PUBLIC_API_PATH_PREFIX}{apiEndpoint} \\
  -H "Authorization: Bearer <your API key>" \\
  -H "Content-Type: application/json" \\
  -d '{ "message": "Draft our Q3 go-to-market plan" }'`;
}

export function ApiDocumentationCard({ origin = window.location.origin }: { origin?: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>API Documentation</h2>
        </CardTitle>
        <CardDescription>Call your agents over HTTP.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <section className="flex flex-col gap-1">
          <h3 className="font-medium">Authentication</h3>
          <p className="text-muted-foreground">
            Authenticated endpoints take an <code className="font-mono">Authorization</code> header with a
            Bearer API key. Public agent endpoints need no authentication.
          </p>
        </section>
        <section className="flex flex-col gap-2">
          <h3 className="font-medium">Example request</h3>
          {/* Long lines wrap instead of scrolling, so the example reads on a phone and needs no keyboard scrolling. */}
          <pre className="whitespace-pre-wrap break-all rounded-lg bg-sidebar p-4 font-mono text-sidebar-foreground text-xs leading-relaxed">
            {exampleRequest(origin)}
          </pre>
          <p className="text-muted-foreground">
            The JSON body has a <code className="font-mono">message</code> field; the answer is in{" "}
            <code className="font-mono">response</code>.
          </p>
        </section>
      </CardContent>
    </Card>
  );
}
