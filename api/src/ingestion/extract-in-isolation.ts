// Runs extraction in a pooled child process with a heap limit and a time limit, so one hostile file fails alone.
import type { ExtractedPart } from "@acp/contracts/knowledge";
import type { ExtractionJob, ExtractionParentMessage, ExtractionWorkerMessage } from "./extraction-messages";
import type { ExtractionLease, ExtractionPool } from "./extraction-pool";
import { cutText, numbersOfLinesKept } from "./parts";
import { createPausableDeadline, type PausableDeadline } from "./pausable-deadline";
import {
  type Chunk,
  type ChunkOptions,
  DEFAULT_EXTRACTION_LIMITS,
  type ExtractedDocument,
  type ExtractFormat,
  ExtractionError,
  type ExtractionLimits,
  type ExtractionProgress,
  type ExtractionSummary,
} from "./types";

/**
 * Input of `extractInIsolation`: give `bytes` or `filePath` (read inside the worker, so big files are never copied
 * through the caller's heap). `ext` is the sniffed extension.
 */
export type ExtractInIsolationInput = {
  bytes?: Uint8Array;
  filePath?: string;
  fileName: string;
  ext: ExtractFormat;
  limits?: Partial<ExtractionLimits>;
  signal?: AbortSignal;
  onProgress?: (progress: ExtractionProgress) => void;
  /** The children to read with: the API's is deps.extractionPool; tests bring their own. */
  pool: ExtractionPool;
};

function seconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? String(s) : s.toFixed(1);
}

const MEMORY_MESSAGE = "the file needs more memory than allowed to read";

let nextJobId = 1;

type JobContext = {
  /**
   * A chunk batch arrived: the time limit stops until every batch received is acknowledged, because from here the
   * child may be waiting for us (it stops after BATCH_WINDOW unacknowledged batches, and at its end until all are).
   */
  received: () => void;
  /** Acknowledges a chunk batch (the child sends more); does nothing once the job has ended. */
  ack: () => void;
  /** True once the job has settled: late batches are not handed to the caller. */
  settled: () => boolean;
};

type ChildHandlers<T> = {
  /** Handles a "result", "chunks" or "summary" message; returns the final value to settle with, if this is it. */
  onMessage: (
    message: ExtractionWorkerMessage,
    job: JobContext,
  ) => { done: T } | undefined | Promise<undefined>;
};

/**
 * Borrows a child from the pool (its heap limit = limits.maxOldGenerationSizeMb), sends it the job, enforces the
 * limits and turns every way it can end into a value or an error. A clean end gives the child back; a timeout, an
 * abort, a failing consumer or a crash kills it (the pool starts another when needed).
 *
 * The time limit counts only the time we wait for the child: its clock stops while we hold a chunk batch we have not
 * acknowledged (the consumer is working, and the child, bounded by its window, may be waiting for us), so a slow
 * indexer never fails a file. A child that hangs, or loops without sending, runs on a clock we are not stopping.
 */
function runInChild<T>(
  input: ExtractInIsolationInput,
  chunking: ChunkOptions | undefined,
  handlers: ChildHandlers<T>,
): Promise<T> {
  const limits = { ...DEFAULT_EXTRACTION_LIMITS, ...input.limits };
  const { signal, onProgress } = input;
  if (signal?.aborted)
    return Promise.reject(new ExtractionError("aborted", "reading the file was cancelled"));
  if (!input.bytes && !input.filePath) {
    return Promise.reject(new ExtractionError("internal", "nothing to read: give bytes or a file path"));
  }
  const jobId = nextJobId++;
  const job: ExtractionJob = {
    fileName: input.fileName,
    format: input.ext,
    limits,
    ...(chunking ? { chunking } : {}),
    ...(input.filePath ? { filePath: input.filePath } : { bytes: input.bytes }),
  };
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let lease: ExtractionLease | undefined;
    let deadline: PausableDeadline | undefined;
    /** Batches received and not yet acknowledged. */
    let unacknowledged = 0;
    /** `heapUsedMb` is given when the child finished the job itself and can take the next one. */
    const finish = (error: unknown, value?: T, heapUsedMb?: number) => {
      if (settled) return;
      settled = true;
      deadline?.cancel();
      signal?.removeEventListener("abort", onAbort);
      if (lease) {
        if (heapUsedMb === undefined) lease.destroy();
        else lease.release(heapUsedMb);
      }
      if (error) reject(error);
      else resolve(value as T);
    };
    const onAbort = () => finish(new ExtractionError("aborted", "reading the file was cancelled"));
    signal?.addEventListener("abort", onAbort, { once: true });
    const context: JobContext = {
      received: () => {
        unacknowledged++;
        deadline?.pause();
      },
      ack: () => {
        if (settled) return;
        lease?.send({ type: "ack", jobId } satisfies ExtractionParentMessage, () => undefined);
        unacknowledged--;
        if (unacknowledged === 0) deadline?.resume();
      },
      settled: () => settled,
    };
    const started = (borrowed: ExtractionLease) => {
      if (settled) {
        // Cancelled while waiting for the child to start: it has not seen the job, so it is as good as new.
        borrowed.release(0);
        return;
      }
      lease = borrowed;
      deadline = createPausableDeadline(limits.timeoutMs, () => {
        finish(
          new ExtractionError("timeout", `the file took longer than ${seconds(limits.timeoutMs)} s to read`),
        );
      });
      deadline.resume();
      borrowed.listen({
        onMessage: (message) => {
          if (settled || !("jobId" in message) || message.jobId !== jobId) return;
          if (message.type === "progress") {
            onProgress?.(message.progress);
          } else if (message.type === "error") {
            finish(new ExtractionError(message.code, message.message), undefined, message.heapUsedMb);
          } else {
            try {
              const outcome = handlers.onMessage(message, context);
              if (outcome instanceof Promise) outcome.catch((error: unknown) => finish(error));
              else if (outcome) {
                const heapUsedMb = "heapUsedMb" in message ? message.heapUsedMb : undefined;
                finish(null, outcome.done, heapUsedMb);
              }
            } catch (error) {
              finish(error);
            }
          }
        },
        onExit: (how, stderrTail) => {
          if (how === "shutdown") {
            finish(
              new ExtractionError("aborted", "reading the file was cancelled: the server is shutting down"),
            );
          } else if (/heap out of memory|Reached heap limit|Allocation failed/i.test(stderrTail)) {
            finish(new ExtractionError("memory", MEMORY_MESSAGE));
          } else {
            finish(new ExtractionError("internal", `the file reader stopped unexpectedly (${how})`));
          }
        },
      });
      borrowed.send({ type: "job", jobId, job }, (error) => {
        finish(new ExtractionError("internal", `could not start the file reader: ${error.message}`));
      });
    };
    input.pool
      .acquire(limits.maxOldGenerationSizeMb, signal)
      .then(started, (error: unknown) => finish(error));
  });
}

/**
 * Extracts a file in a pooled child process (`--max-old-space-size` = limits.maxOldGenerationSizeMb; extraction-pool.ts:
 * children are reused for many documents, one at a time, and replaced after any failure). A child process, not a
 * worker thread: V8 aborts the whole process when one huge allocation overruns a worker thread's heap limit (seen with a
 * 160 MB string), and the child's memory never counts against the API's. `filePath` is read by the child (nothing large
 * crosses the caller's heap); `bytes` are sent to it. Memory exhaustion, the time limit and `signal` kill the child and
 * reject with an ExtractionError ("memory", "timeout", "aborted"); extraction failures keep their own code and message.
 * The whole document comes back at once: for files that may be large (a 190 MB CSV), use `extractChunksInIsolation`.
 */
export function extractInIsolation(input: ExtractInIsolationInput): Promise<ExtractedDocument> {
  return runInChild<ExtractedDocument>(input, undefined, {
    onMessage: (message) => (message.type === "result" ? { done: message.document } : undefined),
  });
}

/**
 * Extracts AND chunks in the child, handing chunks to `onChunks` in batches as they are made (in order, indexes from
 * 0); the child runs at most a few batches ahead of `onChunks` (it waits for each to resolve), so memory stays bounded
 * on both sides, and the time limit does not count the time `onChunks` takes. CSV and TXT files given by `filePath`
 * are streamed in the child too: a 200 MB CSV reads in a bounded heap (checked: 64 MB within 96 MB).
 * Resolves with the document's parts, warnings, encoding and page counts (`ExtractionSummary`), same errors as
 * `extractInIsolation`, and never before the last `onChunks` call has returned: a caller that cleans up after a
 * failure does not race a batch still being written.
 */
export function extractChunksInIsolation(
  input: ExtractInIsolationInput & {
    chunking?: ChunkOptions;
    onChunks: (chunks: Chunk[]) => Promise<void> | void;
  },
): Promise<ExtractionSummary> {
  // Batches are consumed one after the other, in order, even when the child has several in flight.
  let queue: Promise<void> = Promise.resolve();
  return runInChild<ExtractionSummary>(input, input.chunking ?? {}, {
    onMessage: (message, job) => {
      if (message.type === "summary") return { done: message.summary };
      if (message.type === "chunks") {
        job.received();
        queue = queue.then(() => (job.settled() ? undefined : input.onChunks(message.chunks))).then(job.ack);
        return queue.then(() => undefined);
      }
      return undefined;
    },
  }).catch(async (error: unknown) => {
    // Batches still queued are skipped (the job has settled); the one being consumed is let finish.
    await queue.catch(() => undefined);
    throw error;
  });
}

/**
 * The document's parts in the contract's shape (for the document detail view), each cut to `previewChars`; a table's
 * line numbers are cut to the lines kept (null for other parts).
 */
export function toExtractedParts(
  doc: ExtractedDocument,
  { previewChars = 2000 }: { previewChars?: number } = {},
): ExtractedPart[] {
  return doc.parts.map((part) => {
    const { text, truncated } = cutText(part.text, previewChars);
    return {
      label: part.label,
      location: part.location,
      text,
      truncated: truncated || part.truncated,
      hasText: part.hasText,
      ocr: part.ocr,
      lineNumbers: part.lineNumbers ? numbersOfLinesKept(text, part.lineNumbers) : null,
    };
  });
}
