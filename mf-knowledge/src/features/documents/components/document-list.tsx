// Rows of documents: name (opens the detail; wrapped, never cut), size in 1024 units, category, status badge, stage and progress while
// processed, failure reason (a tap or focus shows all of it), and delete behind a confirmation, after which focus
// goes to the next row (or the previous one, or the list when it is empty) rather than falling to the page.
import { formatFileSize } from "@acp/contracts/constants";
import type { KnowledgeDocument } from "@acp/contracts/knowledge";
import { Link, useSearchParams } from "@acp/router";
import { Button } from "@acp/ui/components/button";
import { ExpandableText } from "@acp/ui/components/expandable-text";
import { FileText, Globe, Trash2, Type } from "lucide-react";
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from "react";
import { DocumentStageProgress, DocumentStatusBadge } from "../../../components/document-status";
import { documentDetailSearch } from "../../../lib/document-link";
import { DeleteDocumentDialog, type DeleteTarget } from "./delete-document-dialog";

const SOURCE_ICONS = { upload: FileText, text: Type, url: Globe } as const;

/** Where focus goes once a deleted row is gone: the row after it, else the one before, else the list. */
type PendingFocus = { deletedId: string; nextId: string | null; dialogClosed: boolean };

function useFocusAfterDelete(documents: readonly KnowledgeDocument[]) {
  const region = useRef<HTMLDivElement | null>(null);
  const current = useRef(documents);
  current.current = documents;
  const pending = useRef<PendingFocus | null>(null);
  // Both must have happened: the dialog closed (its focus trap let go) and the list lost the row.
  const settle = useCallback(() => {
    const waiting = pending.current;
    if (!waiting?.dialogClosed || current.current.some((document) => document.id === waiting.deletedId))
      return;
    pending.current = null;
    const row = Array.from(region.current?.querySelectorAll<HTMLElement>("[data-document-id]") ?? [])
      .find((item) => item.dataset.documentId === waiting.nextId)
      ?.querySelector("a");
    (row ?? region.current)?.focus();
  }, []);
  useLayoutEffect(() => {
    if (documents) settle();
  }, [documents, settle]);
  return {
    region,
    deleted: (id: string) => {
      const index = documents.findIndex((document) => document.id === id);
      const neighbour = index < 0 ? undefined : (documents[index + 1] ?? documents[index - 1]);
      pending.current = { deletedId: id, nextId: neighbour?.id ?? null, dialogClosed: false };
    },
    /** True when the dialog closed on a deletion: focus is then placed here, not on the deleted row's button. */
    dialogClosed: () => {
      if (!pending.current) return false;
      pending.current.dialogClosed = true;
      settle();
      return true;
    },
  };
}

export function DocumentList({
  documents,
  label = "Documents",
  empty,
}: {
  documents: readonly KnowledgeDocument[];
  /** Accessible name of the list. */
  label?: string;
  /** Shown instead of the list when there are no documents (where focus lands when the last one is deleted). */
  empty?: ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const focus = useFocusAfterDelete(documents);
  return (
    <div ref={focus.region} tabIndex={-1} className="rounded-lg outline-none">
      {documents.length === 0 ? empty : null}
      <ul
        aria-label={label}
        hidden={documents.length === 0}
        className="flex flex-col divide-y rounded-lg border"
      >
        {documents.map((document) => {
          const Icon = SOURCE_ICONS[document.source] ?? FileText;
          return (
            <li
              key={document.id}
              data-document-id={document.id}
              className="flex items-start gap-3 px-3 py-3 sm:px-4"
            >
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <Link
                  to={{ search: documentDetailSearch(searchParams, document.id) }}
                  preventScrollReset
                  title={document.originalName}
                  // Never cut: a long name (even one without spaces) wraps wherever it must, on a phone too.
                  className="max-w-full rounded-sm font-medium text-sm underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {document.originalName}
                </Link>
                <span className="text-muted-foreground text-xs">
                  {formatFileSize(document.size)}
                  {document.category ? ` · ${document.category}` : ""}
                </span>
                {document.status === "processing" ? <DocumentStageProgress document={document} /> : null}
                {document.status === "failed" && document.error ? (
                  <ExpandableText lines={3} className="text-destructive text-xs">
                    {document.error}
                  </ExpandableText>
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
      <DeleteDocumentDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={focus.deleted}
        onClosedAfterDelete={focus.dialogClosed}
      />
    </div>
  );
}
