// A document's status badge (spec: Processed / processing / failed / unknown) and, while it is processed, its
// pipeline stage with a progress bar.
import type { DocumentStage, KnowledgeDocument } from "@acp/contracts/knowledge";
import { Badge, type BadgeProps } from "@acp/ui/components/badge";
import { Progress } from "@acp/ui/components/progress";
import { cn } from "@acp/ui/lib/cn";
import { Check, Circle, LoaderCircle } from "lucide-react";

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

/** The stages a document goes through, in order; `completed` and `failed` are outcomes, not steps. */
export const PIPELINE_STEPS = ["queued", "extracting", "chunking", "embedding", "indexing"] as const;

/**
 * The pipeline's steps (done, current, to come), the current stage's name with the whole pipeline's percentage, and
 * the bar; the bar's accessible name says whose progress it is.
 */
export function DocumentStageProgress({
  document,
}: {
  document: Pick<KnowledgeDocument, "originalName" | "stage" | "progress">;
}) {
  const label = stageLabel(document.stage);
  const progress = document.progress ?? 0;
  const current = PIPELINE_STEPS.indexOf(document.stage as (typeof PIPELINE_STEPS)[number]);
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <ol
        aria-label={`Processing steps of ${document.originalName}`}
        className="flex flex-wrap gap-x-3 gap-y-1 text-xs"
      >
        {PIPELINE_STEPS.map((step, index) => {
          const state = current < 0 || index > current ? "upcoming" : index < current ? "done" : "current";
          return (
            <li
              key={step}
              data-state={state}
              aria-current={state === "current" ? "step" : undefined}
              className={cn(
                "flex items-center gap-1",
                state === "upcoming" && "text-muted-foreground",
                state === "current" && "font-medium text-foreground",
                state === "done" && "text-muted-foreground",
              )}
            >
              {state === "done" ? (
                <Check aria-hidden="true" className="size-3 text-success" />
              ) : state === "current" ? (
                <LoaderCircle aria-hidden="true" className="size-3 animate-spin motion-reduce:animate-none" />
              ) : (
                <Circle aria-hidden="true" className="size-3" />
              )}
              {STAGE_LABELS[step]}
              <span className="sr-only">
                {state === "done" ? " (done)" : state === "upcoming" ? " (to come)" : ""}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="flex items-center justify-between gap-2 text-muted-foreground text-xs">
        <span>{label}</span>
        <span className="tabular-nums">{progress}%</span>
      </div>
      <Progress value={progress} aria-label={`${document.originalName}: ${label}`} />
    </div>
  );
}
