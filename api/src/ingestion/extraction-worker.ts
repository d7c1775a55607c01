// Child-process entry of the isolated extraction: receives one job over IPC, sends progress, chunk batches and the result.
import { readFile } from "node:fs/promises";
import { extractDocument } from "./extract-document";
import { extractAndChunk } from "./extract-stream";
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
import { ExtractionError } from "./types";

export type ExtractionJob = {
  bytes?: Uint8Array;
  filePath?: string;
  fileName: string;
  format: ExtractFormat;
  limits: ExtractionLimits;
  /** When set, the child also chunks and streams the chunks in batches (each acknowledged by the parent). */
  chunking?: ChunkOptions;
};

export type ExtractionWorkerMessage =
  | { type: "progress"; progress: ExtractionProgress }
  | { type: "result"; document: ExtractedDocument }
  | { type: "chunks"; chunks: Chunk[] }
  | { type: "summary"; summary: ExtractionSummary }
  | { type: "error"; code: ExtractionErrorCode; message: string };

/** The parent's answer to a "chunks" message: the batch was consumed, send more. */
export type ExtractionParentMessage = { type: "ack" };

/** Chunks per batch, and the text size that closes a batch early. */
const BATCH_CHUNKS = 128;
const BATCH_CHARS = 2 * 1024 * 1024;

function send(message: ExtractionWorkerMessage): void {
  process.send?.(message);
}

function failureMessage(error: unknown): ExtractionWorkerMessage {
  if (error instanceof ExtractionError) return { type: "error", code: error.code, message: error.message };
  if (error instanceof RangeError && /allocation|memory|Array buffer|string length/i.test(error.message)) {
    return { type: "error", code: "memory", message: "the file needs more memory than allowed to read" };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { type: "error", code: "internal", message: `could not read the file: ${message}` };
}

/** Batches sent but not yet acknowledged: a few in flight keep both processes busy, the bound keeps memory flat. */
const BATCH_WINDOW = 4;

/** Sends chunks in batches; `add` returns a promise (wait for it) while BATCH_WINDOW batches await the parent. */
function chunkBatcher() {
  let batch: Chunk[] = [];
  let chars = 0;
  let inFlight = 0;
  const waiters: Array<() => void> = [];
  process.on("message", (message: ExtractionParentMessage) => {
    if (message?.type !== "ack") return;
    inFlight--;
    while (waiters.length > 0 && inFlight < BATCH_WINDOW) waiters.shift()?.();
  });
  const slot = (): Promise<void> | undefined =>
    inFlight < BATCH_WINDOW ? undefined : new Promise<void>((resolve) => waiters.push(resolve));
  const sendBatch = (): Promise<void> | undefined => {
    const chunks = batch;
    batch = [];
    chars = 0;
    inFlight++;
    send({ type: "chunks", chunks });
    return slot();
  };
  return {
    add(chunk: Chunk): Promise<void> | undefined {
      batch.push(chunk);
      chars += chunk.text.length;
      return batch.length >= BATCH_CHUNKS || chars >= BATCH_CHARS ? sendBatch() : undefined;
    },
    /** Sends what is left and waits until the parent has consumed every batch. */
    async end(): Promise<void> {
      if (batch.length > 0) sendBatch();
      while (inFlight > 0) await new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}

async function run(job: ExtractionJob): Promise<ExtractionWorkerMessage> {
  const onProgress = (progress: ExtractionProgress) => send({ type: "progress", progress });
  try {
    if (job.chunking) {
      const batcher = chunkBatcher();
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

if (process.send) {
  // The parent went away (crash, restart): nobody wants the answer any more.
  process.on("disconnect", () => process.exit(1));
  process.once("message", (job: ExtractionJob) => {
    void run(job).then((message) => {
      // Exit once the answer is flushed: tesseract.js or pdf.js may leave handles open.
      process.send?.(message, () => process.exit(0));
    });
  });
}
