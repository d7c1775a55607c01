// Streams text into the chunker: TXT files as paragraphs with line ranges, JSON as flattened records.
import { createInterface } from "node:readline";
import { jsonBlockCollector } from "./extract-json";
import { createJsonFlattener, looksLikeJsonLines } from "./json-flattener";
import { makePart } from "./parts";
import {
  openTextStream,
  previewCollector,
  readFailure,
  type StreamJob,
  type StreamSink,
} from "./stream-reading";
import { ExtractionError, type ExtractionSummary } from "./types";

/** A paragraph longer than this (a file without blank lines) is closed at the next line end. */
const MAX_PARAGRAPH_CHARS = 64 * 1024;

export async function streamTxt(
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

export async function streamJson(
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
