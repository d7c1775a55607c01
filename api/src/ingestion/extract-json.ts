// Extracts a JSON or JSON Lines document held in memory as flattened `path.to[0].key: value` lines, one block per record.
import { decodeText } from "./decode-text";
import { createJsonFlattener, looksLikeJsonLines } from "./json-flattener";
import { joinForPart, makePart } from "./parts";
import type { ExtractedDocument, TextBlock } from "./types";

/** How much of the text decides whether it is JSON Lines (as much as a streamed file's head). */
const HEAD_CHARS = 256 * 1024;

/** Turns the flattener's line groups into text blocks located by flattened line numbers (1-based). */
export function jsonBlockCollector(onBlock: (block: TextBlock) => void) {
  let line = 1;
  return {
    add(lines: string[]) {
      onBlock({
        kind: "text",
        text: lines.join("\n"),
        location: { kind: "lines", lineStart: line, lineEnd: line + lines.length - 1 },
      });
      line += lines.length;
    },
    /** Lines emitted so far. */
    get lines() {
      return line - 1;
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
  const allText = joinForPart(
    blocks.map((b) => (b.kind === "text" ? b.text : "")),
    "\n",
  );
  return {
    format: "json",
    parts: [
      makePart(
        "Document",
        { kind: "lines", lineStart: 1, lineEnd: Math.max(1, collector.lines) },
        allText,
        false,
      ),
    ],
    blocks,
    warnings: [],
    encoding: decoded.encoding,
  };
}
