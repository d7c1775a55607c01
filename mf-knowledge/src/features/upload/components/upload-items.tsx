// This session's uploads, one row per file: bytes sent while uploading, then the document's stage and progress as
// the pipeline reports it; a polite live region tells screen-reader users how far each file is.
import { formatFileSize } from "@acp/contracts/constants";
import type { KnowledgeDocument } from "@acp/contracts/knowledge";
import { Button } from "@acp/ui/components/button";
import { Progress } from "@acp/ui/components/progress";
import { DocumentStageProgress, DocumentStatusBadge, stageLabel } from "../../../components/document-status";
import { CANCELLED, type UploadItem } from "../hooks/use-upload-queue";

export type LiveUploadItem = UploadItem & { live: KnowledgeDocument | undefined };

export function isFinished(item: LiveUploadItem): boolean {
  if (item.phase === "failed" || item.phase === "held") return true;
  if (item.phase === "uploading") return false;
  return item.live?.status !== "processing";
}

/** One sentence per file; upload percentages in steps of 25 so the live region does not chatter. */
export function announce(item: LiveUploadItem): string {
  if (item.phase === "uploading") {
    return item.sent >= 100
      ? `${item.name}: sent, waiting for the server`
      : `${item.name}: uploading, ${Math.floor(item.sent / 25) * 25}% sent`;
  }
  if (item.phase === "held") return `${item.name}: not uploaded. ${item.error ?? ""}`.trim();
  if (item.phase === "failed") {
    return item.error === CANCELLED
      ? `${item.name}: upload cancelled`
      : `${item.name}: upload failed. ${item.error ?? ""}`.trim();
  }
  const document = item.live;
  if (item.document?.duplicate) return `${item.name}: already in your knowledge base`;
  if (!document) return `${item.name}: uploaded`;
  if (document.status === "completed") return `${item.name}: processed`;
  if (document.status === "failed") return `${item.name}: processing failed. ${document.error ?? ""}`.trim();
  return `${item.name}: ${stageLabel(document.stage).toLowerCase()}`;
}

/** Lines read one after another as sentences: each ends with exactly one stop ("...was refused." not "refused.."). */
export function asSentences(lines: readonly string[]): string {
  return lines.map((line) => line.replace(/[\s.]+$/, "").concat(".")).join(" ");
}

export function UploadItems({
  items,
  onClear,
  onCancel,
  onRetryHeld,
}: {
  items: readonly LiveUploadItem[];
  onClear: () => void;
  onCancel: (batch: number) => void;
  /** Sends again the files a refused batch held back (the refused ones left out). */
  onRetryHeld: (batch: number) => void;
}) {
  const summary = asSentences(items.map(announce));
  return (
    <section aria-label="Uploads" className="flex flex-col gap-2">
      <p aria-live="polite" className="sr-only">
        {summary}
      </p>
      {items.length > 0 ? (
        <>
          <div className="flex items-center justify-between gap-2">
            <h3 className="font-medium text-sm">Uploads</h3>
            <Button variant="ghost" size="sm" onClick={onClear} disabled={!items.some(isFinished)}>
              Clear finished
            </Button>
          </div>
          <ul className="flex flex-col divide-y rounded-lg border">
            {items.map((item, index) => (
              <UploadRow
                key={item.key}
                item={item}
                // One Cancel per request, on its first file, naming every file it stops; gone once every byte is
                // sent, since the server may already be keeping the files.
                cancelLabel={
                  item.phase === "uploading" &&
                  items[index - 1]?.batch !== item.batch &&
                  items.some((other) => other.batch === item.batch && other.sent < 100)
                    ? `Cancel uploading ${items
                        .filter((other) => other.batch === item.batch)
                        .map((other) => other.name)
                        .join(", ")}`
                    : undefined
                }
                onCancel={() => onCancel(item.batch)}
                // One offer per refused batch, on its first held file.
                retryLabel={
                  item.phase === "held" &&
                  items.findIndex((other) => other.batch === item.batch && other.phase === "held") === index
                    ? `Upload ${listHeld(items, item.batch)} without the refused ${
                        items.filter((other) => other.batch === item.batch && other.phase === "failed")
                          .length === 1
                          ? "file"
                          : "files"
                      }`
                    : undefined
                }
                onRetry={() => onRetryHeld(item.batch)}
              />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function listHeld(items: readonly LiveUploadItem[], batch: number): string {
  const held = items.filter((item) => item.batch === batch && item.phase === "held");
  return held.length === 1 ? (held[0]?.name ?? "") : `the other ${held.length} files`;
}

function UploadRow({
  item,
  cancelLabel,
  onCancel,
  retryLabel,
  onRetry,
}: {
  item: LiveUploadItem;
  cancelLabel: string | undefined;
  onCancel: () => void;
  retryLabel: string | undefined;
  onRetry: () => void;
}) {
  const document = item.live;
  return (
    <li className="flex flex-col gap-2 px-3 py-3 sm:px-4">
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <span title={item.name} className="font-medium text-sm [overflow-wrap:anywhere]">
            {item.name}
          </span>
          <span className="text-muted-foreground text-xs">{formatFileSize(item.size)}</span>
        </div>
        {item.phase === "sent" && document ? <DocumentStatusBadge status={document.status} /> : null}
        {cancelLabel ? (
          <Button variant="ghost" size="sm" aria-label={cancelLabel} onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      {item.phase === "uploading" ? (
        <div className="flex flex-col gap-1">
          <div className="flex items-center justify-between gap-2 text-muted-foreground text-xs">
            <span>{item.sent >= 100 ? "Sent, waiting for the server…" : "Uploading"}</span>
            <span className="tabular-nums">{item.sent}%</span>
          </div>
          <Progress value={item.sent} aria-label={`Uploading ${item.name}`} />
        </div>
      ) : null}
      {item.phase === "failed" ? <p className="break-words text-destructive text-xs">{item.error}</p> : null}
      {item.phase === "held" ? (
        <div className="flex flex-col items-start gap-2">
          <p className="break-words text-muted-foreground text-xs">{item.error}</p>
          {retryLabel ? (
            <Button
              variant="outline"
              size="sm"
              className="h-auto whitespace-normal text-left"
              onClick={onRetry}
            >
              {retryLabel}
            </Button>
          ) : null}
        </div>
      ) : null}
      {item.phase === "sent" && item.document?.duplicate ? (
        <p className="text-muted-foreground text-xs">
          Already in your knowledge base: the same file was uploaded before, so it was not indexed again.
        </p>
      ) : null}
      {item.phase === "sent" && document?.status === "processing" ? (
        <DocumentStageProgress document={document} />
      ) : null}
      {item.phase === "sent" && document?.status === "failed" && document.error ? (
        <p className="break-words text-destructive text-xs">{document.error}</p>
      ) : null}
    </li>
  );
}
