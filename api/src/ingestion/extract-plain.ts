// Extracts plain text (txt uploads and text data sources) into paragraphs with line ranges.
import { decodeText } from "./decode-text";
import { makePart } from "./parts";
import { type ExtractedDocument, ExtractionError, type TextBlock } from "./types";

/** Normalises line ends and splits text into paragraphs (runs of non-blank lines) with their 1-based line ranges. */
function textToParagraphBlocks(text: string): { blocks: TextBlock[]; lineCount: number } {
  const lines = text.split(/\r\n|\r|\n/);
  const blocks: TextBlock[] = [];
  let start = -1;
  let buffer: string[] = [];
  const flush = (end: number) => {
    if (start >= 0 && buffer.length > 0) {
      blocks.push({
        kind: "text",
        text: buffer.join("\n"),
        location: { kind: "lines", lineStart: start + 1, lineEnd: end + 1 },
      });
    }
    start = -1;
    buffer = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.trim() === "") {
      flush(i - 1);
    } else {
      if (start < 0) start = i;
      buffer.push(line);
    }
  }
  flush(lines.length - 1);
  // A trailing newline does not make an extra line.
  const lineCount = lines.length > 1 && lines[lines.length - 1] === "" ? lines.length - 1 : lines.length;
  return { blocks, lineCount };
}

/** Builds the document of a text: one part ("Document"), paragraphs as blocks. */
export function plainTextDocument(
  text: string,
  format: "txt" | "json" | "html",
  encoding?: string,
): ExtractedDocument {
  const clean = text.replace(/^\uFEFF/, "");
  const { blocks, lineCount } = textToParagraphBlocks(clean);
  if (blocks.length === 0) throw new ExtractionError("no-text", "the file contains no text");
  return {
    format,
    parts: [
      makePart("Document", { kind: "lines", lineStart: 1, lineEnd: Math.max(1, lineCount) }, clean, false),
    ],
    blocks,
    warnings: [],
    encoding,
  };
}

/** txt upload: encoding detected, then paragraphs. */
export function extractTxt(bytes: Uint8Array): ExtractedDocument {
  const decoded = decodeText(bytes);
  return plainTextDocument(decoded.text, "txt", decoded.encoding);
}
