// A document's status badge (spec: Processed / processing / failed / unknown) and, while it is processed, its
// pipeline stage with a progress bar.
import type { DocumentStage, KnowledgeDocument } from "@acp/contracts/knowledge";
import { Badge, type BadgeProps } from "@acp/ui/components/badge";
import { Progress } from "@acp/ui/components/progress";

const STATUS_BADGES: Record<string, { label: string; variant: BadgeProps["variant"] }> = {
  completed: { label: "Processed", variant: "success" },
  processing: { label: "processing", variant: "secondary" },
  failed: { label: "failed", variant: "destructive" },
};
const UNKNOWN_BADGE = { label: "unknown", variant: "outline" } as const;

export const STAGE_LABELS: Record<DocumentStage, string> = {
  queued: "Queued",
  extracting: "Extracting text",
  chunking: "Chunking",
  embedding: "Embedding",
  indexing: "Indexing",
  completed: "Processed",
  failed: "Failed",
};

export function stageLabel(stage: string | undefined): string {
  return (stage && STAGE_LABELS[stage as DocumentStage]) || "Processing";
}

export function DocumentStatusBadge({ status }: { status: string }) {
  const badge = STATUS_BADGES[status] ?? UNKNOWN_BADGE;
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

/** Stage name, percentage and bar; the bar's accessible name says whose progress it is. */
export function DocumentStageProgress({
  document,
}: {
  document: Pick<KnowledgeDocument, "originalName" | "stage" | "progress">;
}) {
  const label = stageLabel(document.stage);
  const progress = document.progress ?? 0;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex items-center justify-between gap-2 text-muted-foreground text-xs">
        <span>{label}</span>
        <span className="tabular-nums">{progress}%</span>
      </div>
      <Progress value={progress} aria-label={`${document.originalName}: ${label}`} />
    </div>
  );
}
