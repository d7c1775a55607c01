// What the streaming readers share: the job and its sink, the file's head and encoding, decoded input, progress, preview.
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { Readable } from "node:stream";
import iconv from "iconv-lite";
import { createChunker } from "./chunk-document";
import { detectEncoding } from "./decode-text";
import type { TableHead } from "./table-chunker";
import {
  type Chunk,
  type ChunkOptions,
  type ExtractFormat,
  ExtractionError,
  type ExtractionLimits,
  type ExtractionProgress,
  type ExtractionSummary,
  PART_TEXT_LIMIT,
  type TableRow,
  type TextBlock,
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

/** What a reader reads: the file on disk (how production reads), or its bytes in memory. */
export type StreamSource = { filePath: string } | { bytes: Uint8Array };

/**
 * Where a reader's blocks go: the chunker, whose chunks go to the consumer in batches (`takePending`: the batch it is
 * still on, if any, which the reader waits for before reading on), or a collector keeping a whole document's blocks.
 */
export type BlockOutput = {
  text: (block: TextBlock) => void;
  /** Starts a table (ending any text run or table before it); its rows follow with `row`. */
  table: (head: TableHead) => void;
  row: (row: TableRow) => void;
  takePending: () => Promise<void> | undefined;
  /** Ends the last text run or table and waits until the consumer has taken every chunk. */
  end: () => Promise<void>;
  /** Notes for the user about how the text was cut (a header too wide to repeat). */
  readonly warnings: string[];
  onProgress?: (progress: ExtractionProgress) => void;
};

/** What a reader tells at the end: the document without its blocks (they went to the output). */
export type ReadSummary = Omit<ExtractionSummary, "chunkCount">;

/** The chunker as a reader's output: chunks go to `sink.onChunk` as they are made. */
export function chunkOutput(
  options: ChunkOptions,
  sink: StreamSink,
): BlockOutput & { readonly count: number } {
  let pending: Promise<void> | undefined;
  const chunker = createChunker(options, (chunk) => {
    pending = sink.onChunk(chunk) ?? pending;
  });
  return {
    text: chunker.text,
    table: chunker.table,
    row: chunker.row,
    takePending() {
      const batch = pending;
      pending = undefined;
      return batch;
    },
    async end() {
      chunker.end();
      if (pending) await pending;
    },
    get warnings() {
      return chunker.warnings;
    },
    get count() {
      return chunker.count;
    },
    onProgress: sink.onProgress,
  };
}

/** How much of a file decides its encoding (and a CSV's delimiter, JSON Lines). */
const HEAD_BYTES = 256 * 1024;

async function readHead(source: StreamSource): Promise<{ head: Uint8Array; size: number }> {
  if ("bytes" in source) {
    return { head: source.bytes.subarray(0, HEAD_BYTES), size: source.bytes.length };
  }
  const handle = await open(source.filePath, "r");
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

/** Bytes in memory in pieces of `size`, as a file is read. */
function* pieces(bytes: Uint8Array, size: number): Generator<Buffer> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < buffer.length; at += size) yield buffer.subarray(at, at + size);
}

function decodedStream(source: StreamSource, codec: string): Readable {
  const raw: Readable =
    "bytes" in source
      ? Readable.from(pieces(source.bytes, 256 * 1024))
      : createReadStream(source.filePath, { highWaterMark: 256 * 1024 });
  // iconv-lite strips a BOM at the start of the stream.
  const decoded = raw.pipe(iconv.decodeStream(codec)) as unknown as Readable;
  // pipe() does not forward errors: a failed read must reach whoever reads the decoded text.
  raw.on("error", (error) => decoded.destroy(error));
  return decoded;
}

export function progressReporter(size: number, onProgress: BlockOutput["onProgress"]) {
  let last = 0;
  return (bytesRead: number) => {
    const now = Date.now();
    if (now - last < 500) return;
    last = now;
    const mb = (n: number) => (n / 1e6).toFixed(1);
    onProgress?.({
      phase: "reading",
      done: Math.min(bytesRead, size),
      total: size,
      message: `Read ${mb(bytesRead)} of ${mb(size)} MB`,
    });
  };
}

/**
 * What every streamed text format (CSV, TXT, JSON) starts with: the head read, an empty file refused, the encoding
 * detected from the head, and the decoded input with its progress counted.
 */
export async function openTextStream(source: StreamSource, out: BlockOutput) {
  const { head, size } = await readHead(source);
  if (size === 0) throw new ExtractionError("no-text", "the file is empty");
  const encoding = detectEncoding(head, size <= head.length);
  const input = decodedStream(source, encoding.codec);
  let bytesRead = 0;
  const report = progressReporter(size, out.onProgress);
  return {
    encoding,
    /** The head decoded, for sniffing (a CSV delimiter, JSON Lines). */
    headText: () => iconv.decode(Buffer.from(head), encoding.codec),
    input,
    /** Counts decoded text read, for the progress report. */
    read(text: string) {
      bytesRead += Buffer.byteLength(text);
      report(bytesRead);
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
