// What the streaming readers share: the job and its sink, the file's head and encoding, decoded input, progress, preview.
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { Readable } from "node:stream";
import iconv from "iconv-lite";
import { createChunker } from "./chunk-document";
import { detectEncoding } from "./decode-text";
import {
  type Chunk,
  type ChunkOptions,
  type ExtractFormat,
  ExtractionError,
  type ExtractionLimits,
  type ExtractionProgress,
  PART_TEXT_LIMIT,
} from "./types";

export type StreamSink = {
  /** Receives each chunk in order; when it returns a promise, reading waits for it (backpressure). */
  onChunk: (chunk: Chunk) => undefined | Promise<void>;
  onProgress?: (progress: ExtractionProgress) => void;
};

export type StreamJob = {
  bytes?: Uint8Array;
  filePath?: string;
  fileName: string;
  format: ExtractFormat;
  limits: ExtractionLimits;
  chunking: ChunkOptions;
};

/** How much of a file decides its encoding (and a CSV's delimiter, JSON Lines). */
const HEAD_BYTES = 256 * 1024;

async function readHead(filePath: string): Promise<{ head: Uint8Array; size: number }> {
  const handle = await open(filePath, "r");
  try {
    const { size } = await handle.stat();
    const head = new Uint8Array(Math.min(size, HEAD_BYTES));
    if (head.length > 0) await handle.read(head, 0, head.length, 0);
    return { head, size };
  } finally {
    await handle.close();
  }
}

/** Collects the first PART_TEXT_LIMIT characters of a streamed text for the detail view. */
export function previewCollector() {
  let text = "";
  return {
    add(line: string) {
      if (text.length <= PART_TEXT_LIMIT) text += (text ? "\n" : "") + line;
    },
    /** Whether more text would still be kept (callers skip building lines that would be dropped). */
    get open() {
      return text.length <= PART_TEXT_LIMIT;
    },
    get text() {
      return text;
    },
  };
}

function decodedStream(filePath: string, codec: string): Readable {
  const raw = createReadStream(filePath, { highWaterMark: 256 * 1024 });
  // iconv-lite strips a BOM at the start of the stream.
  const decoded = raw.pipe(iconv.decodeStream(codec)) as unknown as Readable;
  // pipe() does not forward errors: a failed read must reach whoever reads the decoded text.
  raw.on("error", (error) => decoded.destroy(error));
  return decoded;
}

export function progressReporter(size: number, sink: StreamSink) {
  let last = 0;
  return (bytesRead: number) => {
    const now = Date.now();
    if (now - last < 500) return;
    last = now;
    const mb = (n: number) => (n / 1e6).toFixed(1);
    sink.onProgress?.({
      phase: "reading",
      done: Math.min(bytesRead, size),
      total: size,
      message: `Read ${mb(bytesRead)} of ${mb(size)} MB`,
    });
  };
}

/**
 * What every streamed text format (CSV, TXT, JSON) starts with: the head read, an empty file refused, the encoding
 * detected from the head, the decoded input with its progress counted, and a chunker whose batches the reader waits
 * for (`takePending`: the batch the consumer is still on, if any).
 */
export async function openTextStream(job: StreamJob & { filePath: string }, sink: StreamSink) {
  const { head, size } = await readHead(job.filePath);
  if (size === 0) throw new ExtractionError("no-text", "the file is empty");
  const encoding = detectEncoding(head, size <= head.length);
  let pending: Promise<void> | undefined;
  const chunker = createChunker(job.chunking, (chunk) => {
    pending = sink.onChunk(chunk) ?? pending;
  });
  const input = decodedStream(job.filePath, encoding.codec);
  let bytesRead = 0;
  const report = progressReporter(size, sink);
  return {
    encoding,
    /** The head decoded, for sniffing (a CSV delimiter, JSON Lines). */
    headText: () => iconv.decode(Buffer.from(head), encoding.codec),
    chunker,
    input,
    /** Counts decoded text read, for the progress report. */
    read(text: string) {
      bytesRead += Buffer.byteLength(text);
      report(bytesRead);
    },
    takePending(): Promise<void> | undefined {
      const batch = pending;
      pending = undefined;
      return batch;
    },
    /** Ends chunking and waits for the consumer to take the last batch. */
    async end() {
      chunker.end();
      if (pending) await pending;
    },
  };
}

/** A read error, as the user sees it. */
export function readFailure(error: unknown): ExtractionError {
  if (error instanceof ExtractionError) return error;
  return new ExtractionError("internal", `could not read the file: ${(error as Error).message}`, {
    cause: error,
  });
}
