// Rows of documents: name (opens the detail), size in 1024 units, category, status badge, stage and progress while
// processed, failure reason, and delete behind a confirmation.
import { formatFileSize } from "@acp/contracts/constants";
import type { KnowledgeDocument } from "@acp/contracts/knowledge";
import { Link, useSearchParams } from "@acp/router";
import { Button } from "@acp/ui/components/button";
import { FileText, Globe, Trash2, Type } from "lucide-react";
import { useState } from "react";
import { DocumentStageProgress, DocumentStatusBadge } from "../../../components/document-status";
import { documentDetailSearch } from "../../../lib/document-link";
import { DeleteDocumentDialog, type DeleteTarget } from "./delete-document-dialog";

const SOURCE_ICONS = { upload: FileText, text: Type, url: Globe } as const;

export function DocumentList({
  documents,
  label = "Documents",
}: {
  documents: readonly KnowledgeDocument[];
  /** Accessible name of the list. */
  label?: string;
}) {
  const [searchParams] = useSearchParams();
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  return (
    <>
      <ul aria-label={label} className="flex flex-col divide-y rounded-lg border">
        {documents.map((document) => {
          const Icon = SOURCE_ICONS[document.source] ?? FileText;
          return (
            <li key={document.id} className="flex items-start gap-3 px-3 py-3 sm:px-4">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <Link
                  to={{ search: documentDetailSearch(searchParams, document.id) }}
                  preventScrollReset
                  title={document.originalName}
                  className="block max-w-full truncate rounded-sm font-medium text-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {document.originalName}
                </Link>
                <span className="text-muted-foreground text-xs">
                  {formatFileSize(document.size)}
                  {document.category ? ` · ${document.category}` : ""}
                </span>
                {document.status === "processing" ? <DocumentStageProgress document={document} /> : null}
                {document.status === "failed" && document.error ? (
                  <span title={document.error} className="line-clamp-3 break-words text-destructive text-xs">
                    {document.error}
                  </span>
                ) : null}
              </div>
              <div className="flex shrink-0 items-center gap-1">
                <DocumentStatusBadge status={document.status} />
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={`Delete ${document.originalName}`}
                  onClick={() => setDeleting({ id: document.id, name: document.originalName })}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <DeleteDocumentDialog target={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
