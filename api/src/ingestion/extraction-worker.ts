// Child-process entry of the isolated extraction: a long-lived process that runs one job at a time sent over IPC.
import { readFile } from "node:fs/promises";
import { analyzeText } from "../text-search/lexical-analyzer";
import { extractDocument } from "./extract-document";
import { extractAndChunk } from "./extract-stream";
import type { ExtractionJob, ExtractionParentMessage, ExtractionWorkerMessage } from "./extraction-messages";
import type {
  Chunk,
  ExtractedDocument,
  ExtractionErrorCode,
  ExtractionProgress,
  ExtractionSummary,
} from "./types";
import { ExtractionError } from "./types";

/** Chunks per batch, and the text size that closes a batch early. */
const BATCH_CHUNKS = 128;
const BATCH_CHARS = 2 * 1024 * 1024;
/**
 * Chunks in a job's first batch; each next batch doubles up to BATCH_CHUNKS. The parent embeds and writes nothing
 * until the first batch arrives: a small one starts its work sooner (a 2 MB text's first 128 chunks took 70-400 ms
 * to make, in which the parent could have written 16).
 */
const FIRST_BATCH_CHUNKS = 16;

/** Batches sent but not yet acknowledged: a few in flight keep both processes busy, the bound keeps memory flat. */
const BATCH_WINDOW = 4;

function send(message: ExtractionWorkerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(message, () => resolve());
  });
}

type FailureMessage = { type: "error"; code: ExtractionErrorCode; message: string };

function failureMessage(error: unknown): FailureMessage {
  if (error instanceof ExtractionError) return { type: "error", code: error.code, message: error.message };
  if (error instanceof RangeError && /allocation|memory|Array buffer|string length/i.test(error.message)) {
    return { type: "error", code: "memory", message: "the file needs more memory than allowed to read" };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { type: "error", code: "internal", message: `could not read the file: ${message}` };
}

/** Sends chunks in batches; `add` returns a promise (wait for it) while BATCH_WINDOW batches await the parent. */
function chunkBatcher(jobId: number) {
  let batch: Chunk[] = [];
  let chars = 0;
  let inFlight = 0;
  let limit = FIRST_BATCH_CHUNKS;
  const waiters: Array<() => void> = [];
  const slot = (): Promise<void> | undefined =>
    inFlight < BATCH_WINDOW ? undefined : new Promise<void>((resolve) => waiters.push(resolve));
  const sendBatch = (): Promise<void> | undefined => {
    const chunks = batch;
    batch = [];
    chars = 0;
    limit = Math.min(BATCH_CHUNKS, limit * 2);
    inFlight++;
    void send({ type: "chunks", jobId, chunks });
    return slot();
  };
  return {
    ack(): void {
      inFlight--;
      while (waiters.length > 0 && inFlight < BATCH_WINDOW) waiters.shift()?.();
    },
    add(chunk: Chunk): Promise<void> | undefined {
      // Lexical analysis is the costliest step a chunk needs: done here, on this process's core, not the API's.
      batch.push({ ...chunk, lexical: analyzeText(chunk.text) });
      chars += chunk.text.length;
      return batch.length >= limit || chars >= BATCH_CHARS ? sendBatch() : undefined;
    },
    /** Sends what is left and waits until the parent has consumed every batch. */
    async end(): Promise<void> {
      if (batch.length > 0) sendBatch();
      while (inFlight > 0) await new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}

/** The job running now and how to hand it the parent's acknowledgements. */
let current: { jobId: number; ack: () => void } | undefined;

async function run(
  jobId: number,
  job: ExtractionJob,
): Promise<
  | { type: "result"; document: ExtractedDocument }
  | { type: "summary"; summary: ExtractionSummary }
  | FailureMessage
> {
  const onProgress = (progress: ExtractionProgress) => void send({ type: "progress", jobId, progress });
  try {
    if (job.chunking) {
      const batcher = chunkBatcher(jobId);
      current = { jobId, ack: batcher.ack };
      const summary = await extractAndChunk(
        { ...job, chunking: job.chunking },
        { onChunk: (chunk) => batcher.add(chunk), onProgress },
      );
      await batcher.end();
      return { type: "summary", summary };
    }
    let bytes: Uint8Array;
    if (job.bytes) {
      bytes = job.bytes;
    } else if (job.filePath) {
      bytes = await readFile(job.filePath);
    } else {
      throw new ExtractionError("internal", "nothing to read: neither bytes nor a file path were given");
    }
    const document = await extractDocument(bytes, {
      fileName: job.fileName,
      format: job.format,
      limits: job.limits,
      onProgress,
    });
    return { type: "result", document };
  } catch (error) {
    return failureMessage(error);
  }
}

async function runJob(jobId: number, job: ExtractionJob): Promise<void> {
  current = { jobId, ack: () => undefined };
  const outcome = await run(jobId, job);
  current = undefined;
  const heapUsedMb = Math.round(process.memoryUsage().heapUsed / (1024 * 1024));
  await send({ ...outcome, jobId, heapUsedMb });
}

if (process.send) {
  // The parent went away (crash, restart, pool closed): nobody wants an answer any more.
  process.on("disconnect", () => process.exit(0));
  process.on("message", (message: ExtractionParentMessage) => {
    if (message?.type === "ack") {
      if (current?.jobId === message.jobId) current.ack();
    } else if (message?.type === "job") {
      // The pool sends one job at a time; a second one while busy would be a bug in the pool, not a reason to mix them.
      if (current) {
        void send({
          type: "error",
          jobId: message.jobId,
          heapUsedMb: 0,
          code: "internal",
          message: "the file reader was busy",
        });
      } else {
        void runJob(message.jobId, message.job);
      }
    }
  });
  void send({ type: "ready" });
}
