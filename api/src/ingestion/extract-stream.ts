// Extracts and chunks in one pass, sending chunks out as they are made: CSV, TXT, JSON and XLSX files stream (200 MB in bounded memory).
import { stat } from "node:fs/promises";
import { createChunker } from "./chunk-document";
import { extractDocument } from "./extract-document";
import {
  type BlockOutput,
  chunkOutput,
  type ReadSummary,
  type StreamJob,
  type StreamSink,
  type StreamSource,
} from "./stream-reading";
import { streamCsv, streamXlsx } from "./stream-tables";
import { streamJson, streamTxt } from "./stream-text";
import { ExtractionError, type ExtractionSummary } from "./types";

type Reader = (source: StreamSource, out: BlockOutput) => Promise<ReadSummary>;

/** The formats read as streams: CSV, JSON and XLSX always (their only readers), TXT from a file. */
function streamReader(job: StreamJob): { reader: Reader; source: StreamSource } | undefined {
  const source: StreamSource | undefined = job.filePath
    ? { filePath: job.filePath }
    : job.bytes
      ? { bytes: job.bytes }
      : undefined;
  if (!source) return undefined;
  if (job.format === "csv") return { reader: streamCsv, source };
  if (job.format === "json") return { reader: streamJson, source };
  if (job.format === "xlsx") return { reader: streamXlsx, source };
  if (job.format === "txt" && "filePath" in source) return { reader: streamTxt, source };
  return undefined;
}

/** Characters of chunk text one document may make per byte of its file, and at least: see `boundedSink`. */
const MAX_TEXT_PER_INPUT_BYTE = 20;
const MIN_TEXT_LIMIT_CHARS = 16 * 1024 * 1024;
/** Characters of chunk text one document may make whatever its size (a 200 MB CSV of short cells makes ~550 M). */
const MAX_TEXT_CHARS = 1024 * 1024 * 1024;

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
 * Extracts and chunks a file, handing chunks to `sink.onChunk` in order. CSV, JSON, XLSX and TXT files given by path
 * are read as streams (memory stays flat whatever their size); other formats are extracted whole, then chunked.
 */
export async function extractAndChunk(job: StreamJob, outer: StreamSink): Promise<ExtractionSummary> {
  const sink = await boundedSink(job, outer);
  const streamed = streamReader(job);
  if (streamed) {
    const out = chunkOutput(job.chunking, sink);
    const summary = await streamed.reader(streamed.source, out);
    return { ...summary, chunkCount: out.count };
  }
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
