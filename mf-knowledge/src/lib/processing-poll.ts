// How often a read that shows ingestion is refreshed: every second while a document is being processed, so each
// stage (queued, extracting, chunking, embedding, indexing) shows as it happens, else the spec's 5 s.
import { POLL_INTERVALS_MS } from "@acp/contracts/constants";

export const PROCESSING_POLL_MS = 1_000;

export function processingPollInterval(processing: boolean): number {
  return processing ? PROCESSING_POLL_MS : POLL_INTERVALS_MS.documents;
}
