// The main document area: the user's documents with size, category and status, or an empty state.
import { formatFileSize, MAX_UPLOAD_LABEL } from "@acp/contracts/constants";
import type { Document } from "@acp/contracts/entities";
import { Badge, type BadgeProps } from "@acp/ui/components/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { EmptyState } from "@acp/ui/components/empty-state";
import { Skeleton } from "@acp/ui/components/skeleton";
import { FileText, FolderOpen } from "lucide-react";
import { useDocuments } from "../api/get-documents";

const STATUS_BADGES: Record<Document["status"], { label: string; variant: BadgeProps["variant"] }> = {
  completed: { label: "Processed", variant: "success" },
  processing: { label: "processing", variant: "secondary" },
  failed: { label: "failed", variant: "destructive" },
};

export function DocumentListCard() {
  const { data, isLoading, isError, error } = useDocuments();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Documents</h2>
        </CardTitle>
        <CardDescription>
          PDF, Word, Text, CSV, Excel and JSON files, up to {MAX_UPLOAD_LABEL} per file.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div role="status" aria-busy="true" className="flex flex-col gap-2">
            <span className="sr-only">Loading documents…</span>
            {["a", "b", "c"].map((id) => (
              <Skeleton key={id} className="h-14" />
            ))}
          </div>
        ) : isError ? (
          <p role="alert" className="text-destructive text-sm">
            Documents could not be loaded: {error.message}
          </p>
        ) : data && data.length > 0 ? (
          <ul className="flex flex-col divide-y rounded-lg border">
            {data.map((document) => {
              const badge = STATUS_BADGES[document.status] ?? { label: "unknown", variant: "outline" };
              return (
                <li key={document.id} className="flex items-center gap-3 px-4 py-3">
                  <FileText aria-hidden="true" className="size-5 shrink-0 text-primary" />
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-medium text-sm">{document.originalName}</span>
                    <span className="text-muted-foreground text-xs">
                      {formatFileSize(document.size)}
                      {document.category ? ` · ${document.category}` : ""}
                    </span>
                    {document.status === "failed" && document.error ? (
                      <span className="text-destructive text-xs">{document.error}</span>
                    ) : null}
                  </div>
                  <Badge variant={badge.variant}>{badge.label}</Badge>
                </li>
              );
            })}
          </ul>
        ) : (
          <EmptyState
            icon={<FolderOpen aria-hidden="true" />}
            title="No documents yet"
            description="Documents you upload appear here while they are processed, and your agents answer from them once they are."
          />
        )}
      </CardContent>
    </Card>
  );
}
