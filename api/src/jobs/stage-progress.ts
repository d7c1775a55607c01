// How the 0-100 progress of a document is shared out across the pipeline's stages.
import type { DocumentStage } from "@acp/contracts/knowledge";

/** [start, end] of each working stage on the 0-100 scale. */
const STAGE_RANGES: Partial<Record<DocumentStage, readonly [number, number]>> = {
  queued: [0, 0],
  extracting: [1, 40],
  chunking: [40, 45],
  embedding: [45, 90],
  indexing: [90, 99],
  completed: [100, 100],
};

/** Progress for `fraction` (0-1) of `stage`, as an integer. */
export function stageProgress(stage: DocumentStage, fraction: number): number {
  const range = STAGE_RANGES[stage];
  if (!range) return 0;
  const clamped = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  return Math.round(range[0] + (range[1] - range[0]) * clamped);
}
