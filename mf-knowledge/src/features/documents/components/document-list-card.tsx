// The main document list: every document of the user with its status, refreshed every 5 s (every second while one
// is processed), or an empty state.
import { errorMessage } from "@acp/client/http-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { EmptyState } from "@acp/ui/components/empty-state";
import { Skeleton } from "@acp/ui/components/skeleton";
import { FolderOpen } from "lucide-react";
import { useDocuments } from "../api/get-documents";
import { DocumentList } from "./document-list";

/** Rows shaped like the list's, for CardState to show (and announce) while the list loads. */
export function DocumentListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="flex flex-col divide-y rounded-lg border">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={index} className="flex items-start gap-3 px-3 py-3 sm:px-4">
          <Skeleton className="size-5 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-5 w-16" />
        </div>
      ))}
    </div>
  );
}

export function DocumentListCard() {
  const { data, isPending, isError, error, refetch } = useDocuments();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Documents</h2>
        </CardTitle>
        <CardDescription>Select a document to see what was extracted from it.</CardDescription>
      </CardHeader>
      <CardContent>
        <CardState
          status={cardStatus({ loading: isPending, error: isError })}
          loadingLabel="Loading documents…"
          placeholder={<DocumentListSkeleton />}
          errorMessage={`Documents could not be loaded: ${errorMessage(error)}`}
          onRetry={() => void refetch()}
        >
          {() => (
            // The list shows its own empty state: focus lands on it when the last document is deleted.
            <DocumentList
              documents={data ?? []}
              empty={
                <EmptyState
                  icon={<FolderOpen aria-hidden="true" />}
                  title="No documents yet"
                  description="Documents you upload appear here while they are processed, and your agents answer from them once they are."
                />
              }
            />
          )}
        </CardState>
      </CardContent>
    </Card>
  );
}
