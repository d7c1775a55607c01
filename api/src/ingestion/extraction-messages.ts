// The messages the extraction pool and its child processes exchange over IPC: jobs, progress, chunk batches, results.
import type {
  Chunk,
  ChunkOptions,
  ExtractedDocument,
  ExtractFormat,
  ExtractionErrorCode,
  ExtractionLimits,
  ExtractionProgress,
  ExtractionSummary,
} from "./types";

export type ExtractionJob = {
  bytes?: Uint8Array;
  filePath?: string;
  fileName: string;
  format: ExtractFormat;
  limits: ExtractionLimits;
  /** When set, the child also chunks and streams the chunks in batches (each acknowledged by the parent). */
  chunking?: ChunkOptions;
};

/** The last message of a job: the child is free again and says how much heap it still holds (the pool may recycle it). */
export type ExtractionFinalMessage = { jobId: number; heapUsedMb: number } & (
  | { type: "result"; document: ExtractedDocument }
  | { type: "summary"; summary: ExtractionSummary }
  | { type: "error"; code: ExtractionErrorCode; message: string }
);

export type ExtractionWorkerMessage =
  | { type: "ready" }
  | { type: "progress"; jobId: number; progress: ExtractionProgress }
  | { type: "chunks"; jobId: number; chunks: Chunk[] }
  | ExtractionFinalMessage;

/** A job for the child, or the parent's answer to a "chunks" message (the batch was consumed, send more). */
export type ExtractionParentMessage =
  | { type: "job"; jobId: number; job: ExtractionJob }
  | { type: "ack"; jobId: number };
