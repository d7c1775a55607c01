// Extracts and chunks in one pass, sending chunks out as they are made: CSV and TXT files stream (200 MB in bounded memory).
import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import iconv from "iconv-lite";
import Papa from "papaparse";
import { createChunker } from "./chunk-document";
import { detectEncoding } from "./decode-text";
import { extractDocument } from "./extract-document";
import { jsonBlockCollector } from "./extract-json";
import { createJsonFlattener, looksLikeJsonLines } from "./json-flattener";
import { makePart } from "./parts";
import { findHeaderIndex, normaliseCell } from "./sheet-grid";
import {
  type Chunk,
  type ChunkOptions,
  type ExtractedDocumentPart,
  type ExtractFormat,
  ExtractionError,
  type ExtractionLimits,
  type ExtractionProgress,
  type ExtractionSummary,
  PART_TEXT_LIMIT,
  type TableRow,
} from "./types";
import { readXlsxRows } from "./xlsx-reader";

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

const HEAD_BYTES = 256 * 1024;
/** A paragraph longer than this (a file without blank lines) is closed at the next line end. */
const MAX_PARAGRAPH_CHARS = 64 * 1024;

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
function previewCollector() {
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

function progressReporter(size: number, sink: StreamSink) {
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
 * Streams one table (a CSV, a sheet) into the chunker: cells whitespace-normalised, empty rows dropped, the header
 * found among the first 20 rows (rows above it become a headerless table). Columns empty in every row stay: a stream
 * cannot know that before its end.
 */
function createTableStreamer(chunker: ReturnType<typeof createChunker>, sheet: string | undefined) {
  const context = { kind: "sheet" as const, ...(sheet === undefined ? {} : { sheet }) };
  const preview = previewCollector();
  /** The row number of each preview line. */
  const lineNumbers: number[] = [];
  const buffered: TableRow[] = [];
  let headerChosen = false;
  let firstRow = 0;
  let lastRow = 0;
  const startTable = () => {
    headerChosen = true;
    const headerIndex = findHeaderIndex(buffered);
    if (headerIndex > 0) {
      chunker.table({ kind: "table", header: [], context });
      for (const row of buffered.slice(0, headerIndex)) chunker.row(row);
    }
    const headerRow = buffered[headerIndex] as TableRow;
    chunker.table({ kind: "table", header: headerRow.cells, headerRowNumber: headerRow.rowNumber, context });
    for (const row of buffered.slice(headerIndex + 1)) chunker.row(row);
    buffered.length = 0;
  };
  return {
    row({ rowNumber, cells }: TableRow) {
      let any = false;
      for (let c = 0; c < cells.length; c++) {
        const value = normaliseCell(cells[c] ?? "");
        cells[c] = value;
        if (value !== "") any = true;
      }
      if (!any) return;
      while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
      if (firstRow === 0) firstRow = rowNumber;
      lastRow = rowNumber;
      if (preview.open) {
        preview.add(cells.join("\t"));
        lineNumbers.push(rowNumber);
      }
      const row = { rowNumber, cells };
      if (headerChosen) {
        chunker.row(row);
      } else {
        buffered.push(row);
        if (buffered.length >= 20) startTable();
      }
    },
    /** Ends the table; the range of rows it held, or null when it had none. */
    end(): { rowStart: number; rowEnd: number } | null {
      if (!headerChosen && buffered.length > 0) startTable();
      return firstRow === 0 ? null : { rowStart: firstRow, rowEnd: lastRow };
    },
    get preview() {
      return preview.text;
    },
    get lineNumbers(): readonly number[] {
      return lineNumbers;
    },
  };
}

/**
 * What every streamed text format (CSV, TXT, JSON) starts with: the head read, an empty file refused, the encoding
 * detected from the head, the decoded input with its progress counted, and a chunker whose batches the reader waits
 * for (`takePending`: the batch the consumer is still on, if any).
 */
async function openTextStream(job: StreamJob & { filePath: string }, sink: StreamSink) {
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
function readFailure(error: unknown): ExtractionError {
  if (error instanceof ExtractionError) return error;
  return new ExtractionError("internal", `could not read the file: ${(error as Error).message}`, {
    cause: error,
  });
}

async function streamCsv(
  job: StreamJob & { filePath: string },
  sink: StreamSink,
): Promise<ExtractionSummary> {
  const stream = await openTextStream(job, sink);
  const { encoding, chunker, input } = stream;
  const delimiter = Papa.parse<string[]>(stream.headText().slice(0, 64 * 1024), {
    preview: 100,
    skipEmptyLines: true,
  }).meta.delimiter;
  const table = createTableStreamer(chunker, undefined);
  input.on("data", (text: string) => stream.read(text));
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, skipEmptyLines: false });
  // pipe() does not forward a read error: end the parser (destroying it makes papaparse spin) and report it below.
  let readError: unknown = null;
  input.on("error", (error) => {
    readError = error;
    input.unpipe(parser);
    parser.end();
  });
  input.pipe(parser);
  let rowNumber = 0;
  const onRow = (cells: string[]) => {
    rowNumber++;
    table.row({ rowNumber, cells });
  };
  // Rows are taken as 'data' events in flowing mode, so papaparse's own pause/resume (which re-slices the rest of its
  // input block on every resume: quadratic on blocks of short rows) only happens when a chunk batch is being consumed.
  try {
    await new Promise<void>((resolve, reject) => {
      parser.on("data", (cells: string[]) => {
        try {
          onRow(cells);
        } catch (error) {
          reject(error);
          return;
        }
        const wait = stream.takePending();
        if (wait) {
          parser.pause();
          wait.then(() => parser.resume(), reject);
        }
      });
      parser.on("end", () => resolve());
      parser.on("error", reject);
    });
  } catch (error) {
    // Stop reading: nothing more is wanted from this file.
    input.unpipe(parser);
    input.destroy();
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError("damaged", `could not read the CSV: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (readError) throw readFailure(readError);
  const rows = table.end();
  await stream.end();
  if (!rows) throw new ExtractionError("no-text", "the file contains no rows");
  return {
    format: "csv",
    parts: [makePart("Table", { kind: "rows", ...rows }, table.preview, false, table.lineNumbers)],
    warnings: chunker.warnings,
    encoding: encoding.encoding,
    chunkCount: chunker.count,
  };
}

async function streamTxt(
  job: StreamJob & { filePath: string },
  sink: StreamSink,
): Promise<ExtractionSummary> {
  const stream = await openTextStream(job, sink);
  const { encoding, chunker, input } = stream;
  const preview = previewCollector();
  input.on("data", (text: string) => stream.read(text));
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let readError: unknown = null;
  input.on("error", (error) => {
    readError = error;
    lines.close();
  });
  let lineNumber = 0;
  let paragraph: string[] = [];
  let paragraphChars = 0;
  let paragraphStart = 0;
  let blocks = 0;
  const flush = () => {
    if (paragraph.length === 0) return;
    blocks++;
    chunker.text({
      kind: "text",
      text: paragraph.join("\n"),
      location: { kind: "lines", lineStart: paragraphStart, lineEnd: paragraphStart + paragraph.length - 1 },
    });
    paragraph = [];
    paragraphChars = 0;
  };
  try {
    for await (const raw of lines) {
      lineNumber++;
      const line = lineNumber === 1 ? raw.replace(/^\uFEFF/, "") : raw;
      preview.add(line);
      if (line.trim() === "") {
        flush();
      } else {
        if (paragraph.length === 0) paragraphStart = lineNumber;
        paragraph.push(line);
        paragraphChars += line.length;
        if (paragraphChars > MAX_PARAGRAPH_CHARS) flush();
      }
      await stream.takePending();
    }
  } catch (error) {
    // readline rejects with the input's error; a failing consumer (a limit) stops the reading too.
    readError ??= error;
    input.destroy();
  }
  if (readError) throw readFailure(readError);
  flush();
  await stream.end();
  if (blocks === 0) throw new ExtractionError("no-text", "the file contains no text");
  return {
    format: "txt",
    parts: [
      makePart(
        "Document",
        { kind: "lines", lineStart: 1, lineEnd: Math.max(1, lineNumber) },
        preview.text,
        false,
      ),
    ],
    warnings: [],
    encoding: encoding.encoding,
    chunkCount: chunker.count,
  };
}

async function streamJson(
  job: StreamJob & { filePath: string },
  sink: StreamSink,
): Promise<ExtractionSummary> {
  const stream = await openTextStream(job, sink);
  const { encoding, chunker } = stream;
  const collector = jsonBlockCollector((block) => chunker.text(block));
  const flattener = createJsonFlattener({
    jsonLines: looksLikeJsonLines(stream.headText()),
    onBlock: collector.add,
  });
  try {
    for await (const text of stream.input as AsyncIterable<string>) {
      stream.read(text);
      flattener.write(text);
      await stream.takePending();
    }
    flattener.end();
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw readFailure(error);
  }
  await stream.end();
  return {
    format: "json",
    parts: [collector.part()],
    warnings: [],
    encoding: encoding.encoding,
    chunkCount: chunker.count,
  };
}

async function streamXlsx(
  job: StreamJob & { filePath: string },
  sink: StreamSink,
): Promise<ExtractionSummary> {
  let pending: Promise<void> | undefined;
  const chunker = createChunker(job.chunking, (chunk) => {
    pending = sink.onChunk(chunk) ?? pending;
  });
  const parts: ExtractedDocumentPart[] = [];
  let current: { name: string; table: ReturnType<typeof createTableStreamer> } | undefined;
  let filled = false;
  const endSheet = () => {
    if (!current) return;
    const rows = current.table.end();
    filled ||= rows !== null;
    parts.push(
      makePart(
        `Sheet ${current.name}`,
        rows ? { kind: "rows", sheet: current.name, ...rows } : null,
        current.table.preview,
        false,
        current.table.lineNumbers,
      ),
    );
  };
  let report: ((bytesRead: number) => void) | undefined;
  await readXlsxRows(
    { filePath: job.filePath },
    {
      onSheet(sheet) {
        endSheet();
        current = { name: sheet.name, table: createTableStreamer(chunker, sheet.name) };
      },
      onRows(rows) {
        for (const row of rows) current?.table.row(row);
        const wait = pending;
        pending = undefined;
        return wait;
      },
      onProgress(done, total) {
        report ??= progressReporter(total, sink);
        report(done);
      },
    },
  );
  endSheet();
  chunker.end();
  if (pending) await pending;
  if (!filled) throw new ExtractionError("no-text", "the workbook has no filled cells");
  return { format: "xlsx", parts, warnings: chunker.warnings, chunkCount: chunker.count };
}

/** Characters of chunk text one document may make per byte of its file, and at least: see `boundedSink`. */
export const MAX_TEXT_PER_INPUT_BYTE = 20;
export const MIN_TEXT_LIMIT_CHARS = 16 * 1024 * 1024;
/** Characters of chunk text one document may make whatever its size (a 200 MB CSV of short cells makes ~550 M). */
export const MAX_TEXT_CHARS = 1024 * 1024 * 1024;

/**
 * The sink, failing the document once its chunks' text passes min(MAX_TEXT_CHARS, max(MIN_TEXT_LIMIT_CHARS,
 * MAX_TEXT_PER_INPUT_BYTE x file size)). Text, CSV and JSON make about 1-3 characters per byte (the table's pipes, the
 * repeated header, the overlap), packed workbooks a few more; far more means the file multiplies a value (a merged
 * range over a million rows, one long shared string in every cell), and indexing it would fill the database for
 * nothing.
 */
async function boundedSink(job: StreamJob, sink: StreamSink): Promise<StreamSink> {
  let size = job.bytes?.length ?? 0;
  if (!job.bytes && job.filePath) size = (await stat(job.filePath)).size;
  const limit = Math.min(MAX_TEXT_CHARS, Math.max(MIN_TEXT_LIMIT_CHARS, MAX_TEXT_PER_INPUT_BYTE * size));
  let chars = 0;
  return {
    ...sink,
    onChunk(chunk) {
      chars += chunk.text.length;
      if (chars > limit) {
        const mb = Math.round(limit / (1024 * 1024));
        throw new ExtractionError(
          "too-large",
          limit === MAX_TEXT_CHARS
            ? `the file expands to more than ${mb} MB of text when read, more than one document may hold`
            : `the file expands to more than ${mb} MB of text when read, far more than a file of its size holds (a value repeated over many cells?)`,
        );
      }
      return sink.onChunk(chunk);
    },
  };
}

/**
 * Extracts and chunks a file, handing chunks to `sink.onChunk` in order. CSV, TXT, JSON and XLSX files given by path
 * are read as streams (memory stays flat whatever their size); other formats are extracted whole, then chunked.
 */
export async function extractAndChunk(job: StreamJob, outer: StreamSink): Promise<ExtractionSummary> {
  const sink = await boundedSink(job, outer);
  if (job.filePath && job.format === "csv") return streamCsv({ ...job, filePath: job.filePath }, sink);
  if (job.filePath && job.format === "txt") return streamTxt({ ...job, filePath: job.filePath }, sink);
  if (job.filePath && job.format === "json") return streamJson({ ...job, filePath: job.filePath }, sink);
  if (job.filePath && job.format === "xlsx") return streamXlsx({ ...job, filePath: job.filePath }, sink);
  let bytes = job.bytes;
  if (!bytes) {
    if (!job.filePath)
      throw new ExtractionError("internal", "nothing to read: neither bytes nor a file path were given");
    const { readFile } = await import("node:fs/promises");
    bytes = await readFile(job.filePath);
  }
  const { blocks, ...document } = await extractDocument(bytes, {
    fileName: job.fileName,
    format: job.format,
    limits: job.limits,
    onProgress: sink.onProgress,
  });
  let pending: Promise<void> | undefined;
  const chunker = createChunker(job.chunking, (chunk) => {
    pending = sink.onChunk(chunk) ?? pending;
  });
  // The chunks of a whole document leave as fast as the consumer takes them: this is the progress the caller sees.
  let reported = 0;
  const report = (done: number) => {
    const now = Date.now();
    if (now - reported < 500 && done < blocks.length) return;
    reported = now;
    sink.onProgress?.({
      phase: "chunking",
      done,
      total: blocks.length,
      message: `Chunked ${done} of ${blocks.length} parts`,
    });
  };
  for (const [at, block] of blocks.entries()) {
    report(at);
    if (block.kind === "text") {
      chunker.text(block);
    } else {
      const { rows, ...head } = block;
      chunker.table(head);
      for (const row of rows) {
        chunker.row(row);
        if (pending) {
          await pending;
          pending = undefined;
        }
      }
    }
    if (pending) {
      await pending;
      pending = undefined;
    }
  }
  report(blocks.length);
  chunker.end();
  if (pending) await pending;
  return { ...document, warnings: [...document.warnings, ...chunker.warnings], chunkCount: chunker.count };
}
