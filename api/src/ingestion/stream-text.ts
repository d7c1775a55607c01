// Reads text as a stream: TXT files as paragraphs with line ranges, JSON (the only reader) as flattened records.
import { createInterface } from "node:readline";
import { createJsonFlattener, looksLikeJsonLines } from "./json-flattener";
import { makePart } from "./parts";
import {
  type BlockOutput,
  openTextStream,
  previewCollector,
  type ReadSummary,
  readFailure,
  type StreamSource,
} from "./stream-reading";
import { ExtractionError, PART_TEXT_LIMIT, type TextBlock } from "./types";

/** A paragraph longer than this (a file without blank lines) is closed at the next line end. */
const MAX_PARAGRAPH_CHARS = 64 * 1024;

/** Reads a TXT file line by line: paragraphs (runs of non-blank lines) with their line ranges. */
export async function streamTxt(source: StreamSource, out: BlockOutput): Promise<ReadSummary> {
  const stream = await openTextStream(source, out);
  const { encoding, input } = stream;
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
    out.text({
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
      await out.takePending();
    }
  } catch (error) {
    // readline rejects with the input's error; a failing consumer (a limit) stops the reading too.
    readError ??= error;
    input.destroy();
  }
  if (readError) throw readFailure(readError);
  flush();
  await out.end();
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
  };
}

/**
 * Turns the flattener's line groups into text blocks located by flattened line numbers (1-based), and makes the
 * document's part for the detail view from the first lines.
 */
function jsonBlockCollector(onBlock: (block: TextBlock) => void) {
  let line = 1;
  const preview: string[] = [];
  let previewChars = 0;
  return {
    add(lines: string[]) {
      const text = lines.join("\n");
      if (previewChars <= PART_TEXT_LIMIT) {
        preview.push(text);
        previewChars += text.length + 1;
      }
      onBlock({
        kind: "text",
        text,
        location: { kind: "lines", lineStart: line, lineEnd: line + lines.length - 1 },
      });
      line += lines.length;
    },
    /** The whole document as one part: its flattened line range and its first lines. */
    part() {
      return makePart(
        "Document",
        { kind: "lines", lineStart: 1, lineEnd: Math.max(1, line - 1) },
        preview.join("\n"),
        false,
      );
    },
  };
}

/** Reads JSON or JSON Lines as flattened `path.to[0].key: value` lines, one block per record. */
export async function streamJson(source: StreamSource, out: BlockOutput): Promise<ReadSummary> {
  const stream = await openTextStream(source, out);
  const { encoding } = stream;
  const collector = jsonBlockCollector((block) => out.text(block));
  const flattener = createJsonFlattener({
    jsonLines: looksLikeJsonLines(stream.headText()),
    onBlock: collector.add,
  });
  try {
    for await (const text of stream.input as AsyncIterable<string>) {
      stream.read(text);
      flattener.write(text);
      await out.takePending();
    }
    flattener.end();
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw readFailure(error);
  }
  await out.end();
  return {
    format: "json",
    parts: [collector.part()],
    warnings: [],
    encoding: encoding.encoding,
  };
}
