// Extracts a JSON or JSON Lines document held in memory as flattened `path.to[0].key: value` lines, one block per record.
import { decodeText } from "./decode-text";
import { createJsonFlattener, looksLikeJsonLines } from "./json-flattener";
import { makePart } from "./parts";
import { type ExtractedDocument, PART_TEXT_LIMIT, type TextBlock } from "./types";

/** How much of the text decides whether it is JSON Lines (as much as a streamed file's head). */
const HEAD_CHARS = 256 * 1024;

/**
 * Turns the flattener's line groups into text blocks located by flattened line numbers (1-based), and makes the
 * document's part for the detail view from the first lines.
 */
export function jsonBlockCollector(onBlock: (block: TextBlock) => void) {
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

export function extractJson(bytes: Uint8Array): ExtractedDocument {
  const decoded = decodeText(bytes);
  const text = decoded.text.replace(/^\uFEFF/, "");
  const blocks: TextBlock[] = [];
  const collector = jsonBlockCollector((block) => blocks.push(block));
  const flattener = createJsonFlattener({
    jsonLines: looksLikeJsonLines(text.slice(0, HEAD_CHARS)),
    onBlock: collector.add,
  });
  flattener.write(text);
  flattener.end();
  return {
    format: "json",
    parts: [collector.part()],
    blocks,
    warnings: [],
    encoding: decoded.encoding,
  };
}
