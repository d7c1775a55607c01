// "Training Data Sources" (spec section 2): the documents a job trains on are the agent's knowledge, so the card holds
// the knowledge remote's upload component (loaded through federation) rather than an upload of its own.
import { RemoteComponent } from "@acp/federation/remote-component";
import { PAGE_PATHS } from "@acp/federation/remotes";
import { Link } from "@acp/router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Skeleton } from "@acp/ui/components/skeleton";

function UploadLoading() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">Loading the upload…</span>
      <Skeleton className="h-40" />
    </div>
  );
}

export function TrainingDataSourcesCard() {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle asChild>
          <h2>Training Data Sources</h2>
        </CardTitle>
        <CardDescription>
          A job trains an agent on its documents: upload them here for the agent they teach. Text sources and
          the full library are in the{" "}
          <Link
            to={PAGE_PATHS.knowledge}
            className="text-primary underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Knowledge Base
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="flex min-w-0 flex-col">
        <RemoteComponent
          target={{ remote: "mf-knowledge", module: "./DocumentUpload" }}
          fallback={<UploadLoading />}
        />
      </CardContent>
    </Card>
  );
}
