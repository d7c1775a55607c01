// A document's detail over the current page (opened by `?document=<id>`): what was extracted part by part (pages
// without text flagged, OCR marked), chunk count, embedder and how long each stage took.
import { errorMessage } from "@acp/client/http-error";
import { formatFileSize } from "@acp/contracts/constants";
import type { ChunkLocation, DocumentDetail, ExtractedPart } from "@acp/contracts/knowledge";
import { Badge } from "@acp/ui/components/badge";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@acp/ui/components/dialog";
import { Skeleton } from "@acp/ui/components/skeleton";
import { StatList } from "@acp/ui/components/stat-list";
import { cn } from "@acp/ui/lib/cn";
import { type Ref, useEffect, useLayoutEffect, useRef } from "react";
import { DocumentStageProgress, DocumentStatusBadge, stageLabel } from "../../../components/document-status";
import {
  findPartForLocation,
  formatChunkLocation,
  type NumberedLine,
  numberSheetRows,
} from "../../../lib/chunk-location";
import { embedderLabel } from "../../../lib/embedder-label";
import { useDocumentDetail } from "../api/get-document-detail";
import { useDocumentParam } from "../hooks/use-document-param";

const SOURCE_LABELS = { upload: "Uploaded file", text: "Text data source", url: "Web page" } as const;

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

export function DocumentDetailDialog() {
  const { documentId, location, close } = useDocumentParam();
  const detail = useDocumentDetail(documentId);
  // Opened by a link (not a DialogTrigger), so Radix has no trigger to give focus back to: remember what had it.
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's focus scope (a passive effect) moves focus inside.
  useLayoutEffect(() => {
    if (documentId !== null && opener.current === null && document.activeElement instanceof HTMLElement) {
      opener.current = document.activeElement;
    }
  }, [documentId]);
  return (
    <Dialog open={documentId !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        className="flex max-h-[90dvh] flex-col gap-4 overflow-hidden sm:max-w-3xl"
        onCloseAutoFocus={(event) => {
          const target = opener.current;
          opener.current = null;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        {detail.isPending ? (
          <>
            <DialogHeader>
              <DialogTitle>Document</DialogTitle>
              <DialogDescription>Loading what was extracted…</DialogDescription>
            </DialogHeader>
            <div role="status" aria-busy="true" className="flex flex-col gap-3">
              <span className="sr-only">Loading the document…</span>
              <Skeleton className="h-20" />
              <Skeleton className="h-40" />
            </div>
          </>
        ) : detail.isError ? (
          <DialogHeader>
            <DialogTitle>Document</DialogTitle>
            <DialogDescription role="alert" className="break-words text-destructive">
              The document could not be loaded: {errorMessage(detail.error)}
            </DialogDescription>
          </DialogHeader>
        ) : (
          <DetailBody detail={detail.data} location={location} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function DetailBody({
  detail,
  location,
}: {
  detail: DocumentDetail;
  location: ReturnType<typeof useDocumentParam>["location"];
}) {
  const { document, parts, timings } = detail;
  const target = findPartForLocation(parts, location);
  const targetRef = useRef<HTMLLIElement | null>(null);
  const bodyRef = useRef<HTMLDivElement | null>(null);
  // The linked rows when the part shows them, else the part: brought into view by scrolling the part's own box and
  // the dialog's body only. scrollIntoView also scrolled the dialog itself (and could the page), which pushed the
  // title and Close above the viewport.
  useEffect(() => {
    const part = targetRef.current;
    if (target < 0 || !part) return;
    const row = part.querySelector<HTMLElement>("[data-linked-row]");
    if (row) revealWithin(row.closest<HTMLElement>("[data-part-text]"), row, "center");
    revealWithin(bodyRef.current, row ?? part, row ? "center" : "start");
  }, [target]);
  const withoutText = parts.filter((part) => !part.hasText).length;
  // A shortened sheet preview may end before the linked rows: say so rather than mark nothing silently.
  const shownRows =
    location?.kind === "rows" && target >= 0 ? numberSheetRows(parts[target] as ExtractedPart) : null;
  const rowsNotShown =
    location?.kind === "rows" &&
    shownRows !== null &&
    !shownRows.some((row) => row.number >= location.rowStart && row.number <= location.rowEnd);
  return (
    <>
      <DialogHeader className="min-w-0 pr-6">
        <DialogTitle className="leading-snug [overflow-wrap:anywhere]">{document.originalName}</DialogTitle>
        <DialogDescription>
          {formatFileSize(document.size)}
          {document.category ? ` · ${document.category}` : ""} ·{" "}
          {SOURCE_LABELS[document.source] ?? "Document"}
        </DialogDescription>
      </DialogHeader>
      <div
        ref={bodyRef}
        data-slot="dialog-body"
        className="-mx-6 flex min-h-0 flex-col gap-6 overflow-y-auto px-6 pb-1"
      >
        <section aria-label="Status" className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <DocumentStatusBadge status={document.status} />
            {document.status === "failed" && document.error ? (
              <span className="break-words text-destructive text-sm">{document.error}</span>
            ) : null}
          </div>
          {document.status === "processing" ? <DocumentStageProgress document={document} /> : null}
        </section>
        <div className="grid gap-6 sm:grid-cols-2">
          <section className="flex flex-col gap-2">
            <h3 className="font-medium text-sm">Indexing</h3>
            <StatList
              stats={[
                { label: "Chunks", value: String(detail.chunkCount) },
                { label: "Embedder", value: embedderLabel(detail.embedder) },
                { label: "Extracted parts", value: String(parts.length) },
                { label: "Parts without text", value: String(withoutText) },
              ]}
            />
          </section>
          <section className="flex flex-col gap-2">
            <h3 className="font-medium text-sm">Time per stage</h3>
            {timings.length === 0 ? (
              <p className="text-muted-foreground text-sm">No stage has started yet.</p>
            ) : (
              <StatList
                stats={timings.map((timing) => ({
                  label: stageLabel(timing.stage),
                  value: timing.finishedAt
                    ? formatDuration(Date.parse(timing.finishedAt) - Date.parse(timing.startedAt))
                    : "running…",
                }))}
              />
            )}
          </section>
        </div>
        <section aria-labelledby="extracted-heading" className="flex flex-col gap-3">
          <h3 id="extracted-heading" className="font-medium text-sm">
            What was extracted
          </h3>
          {location ? (
            <p className="text-muted-foreground text-sm">
              Showing {formatChunkLocation(location)}
              {target < 0
                ? " (that part is not in the extracted preview)"
                : rowsNotShown
                  ? " (those rows are past the shortened preview)"
                  : ""}
              .
            </p>
          ) : null}
          {parts.length === 0 ? (
            <p className="text-muted-foreground text-sm">
              {document.status === "processing"
                ? "Nothing extracted yet: the text appears here once extraction is done."
                : "Nothing was extracted from this document."}
            </p>
          ) : (
            <ol className="flex flex-col gap-3">
              {parts.map((part, index) => (
                <ExtractedPartView
                  // biome-ignore lint/suspicious/noArrayIndexKey: parts are an ordered, immutable list.
                  key={index}
                  part={part}
                  highlighted={index === target}
                  linked={index === target ? location : null}
                  ref={index === target ? targetRef : undefined}
                />
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}

/** Scrolls `container` (and nothing else) so `target` sits at its top or centre. */
function revealWithin(container: HTMLElement | null, target: HTMLElement, align: "start" | "center"): void {
  if (!container) return;
  const box = container.getBoundingClientRect();
  const place = target.getBoundingClientRect();
  const offset = align === "center" ? Math.max(0, (box.height - place.height) / 2) : 8;
  container.scrollTop += place.top - box.top - offset;
}

function ExtractedPartView({
  part,
  highlighted,
  linked,
  ref,
}: {
  part: ExtractedPart;
  highlighted: boolean;
  /** The location a link pointed at, when it falls in this part. */
  linked: ChunkLocation | null;
  ref?: Ref<HTMLLIElement> | undefined;
}) {
  const rows = numberSheetRows(part);
  return (
    <li
      ref={ref}
      aria-current={highlighted ? "location" : undefined}
      className={cn(
        "flex scroll-mt-2 flex-col gap-2 rounded-lg border p-3",
        highlighted && "border-primary ring-2 ring-primary/30",
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="break-words font-medium text-sm">{part.label}</h4>
        {part.ocr ? <Badge variant="secondary">OCR</Badge> : null}
        {part.hasText ? null : <Badge variant="destructive">No text found</Badge>}
      </div>
      {part.hasText ? (
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
          tabIndex={0}
          data-part-text=""
          aria-label={`Text of ${part.label}`}
          className="max-h-64 overflow-y-auto rounded-md bg-muted p-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {rows ? (
            <SheetRows rows={rows} linked={linked} />
          ) : (
            <pre className="whitespace-pre-wrap break-words font-sans text-xs">{part.text}</pre>
          )}
        </section>
      ) : (
        <p className="text-muted-foreground text-xs">
          This part has no text layer{part.ocr ? " and OCR found no text" : ""}, so nothing of it can be
          found.
        </p>
      )}
      {part.truncated ? <p className="text-muted-foreground text-xs">Preview shortened.</p> : null}
    </li>
  );
}

/** A sheet's rows with their spreadsheet row numbers; the rows a link named are marked and scrolled to. */
function SheetRows({ rows, linked }: { rows: readonly NumberedLine[]; linked: ChunkLocation | null }) {
  const range = linked?.kind === "rows" ? linked : null;
  const first = range
    ? rows.find((row) => row.number >= range.rowStart && row.number <= range.rowEnd)
    : undefined;
  return (
    <table className="w-full border-separate border-spacing-0 text-xs">
      <thead className="sr-only">
        <tr>
          <th scope="col">Row</th>
          <th scope="col">Cells</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const marked = range !== null && row.number >= range.rowStart && row.number <= range.rowEnd;
          return (
            <tr
              key={row.number}
              data-linked-row={row === first ? "" : undefined}
              data-linked={marked ? "" : undefined}
              className={cn("align-top", marked && "bg-primary/15")}
            >
              <th
                scope="row"
                className={cn(
                  "select-none py-0.5 pr-2 text-right font-normal text-muted-foreground tabular-nums",
                  marked && "font-medium text-foreground",
                )}
              >
                {row.number}
                {marked ? <span className="sr-only"> (linked)</span> : null}
              </th>
              <td className="whitespace-pre-wrap break-words py-0.5 font-sans [overflow-wrap:anywhere]">
                {row.text}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
