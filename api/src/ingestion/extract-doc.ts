// Extracts legacy Word 97-2003 (.doc) with word-extractor: body, footnotes, endnotes, text boxes, headers and footers.
import type WordExtractor from "word-extractor";
import { joinForPart, makePart } from "./parts";
import { type ExtractedDocument, ExtractionError, type TextBlock } from "./types";

function paragraphs(text: string, headings: string[]): TextBlock[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
    .filter((line) => line !== "")
    .map((line) => ({ kind: "text" as const, text: line, location: { kind: "section" as const, headings } }));
}

export async function extractDoc(bytes: Uint8Array): Promise<ExtractedDocument> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let doc: Awaited<ReturnType<WordExtractor["extract"]>>;
  // Loaded on first use, so an extraction child that never reads a .doc never loads it.
  const { default: Extractor } = await import("word-extractor");
  try {
    doc = await new Extractor().extract(buffer);
  } catch (error) {
    const message =
      error instanceof RangeError
        ? "the file is truncated or damaged"
        : ((error as Error).message ?? String(error));
    if (/encrypt|password/i.test(message))
      throw new ExtractionError("encrypted", "password-protected document", { cause: error });
    throw new ExtractionError("damaged", `not a valid Word 97-2003 document: ${message}`, { cause: error });
  }
  const blocks: TextBlock[] = [
    ...paragraphs(doc.getBody(), []),
    ...paragraphs(doc.getTextboxes({ includeHeadersAndFooters: false, includeBody: true }), ["Text boxes"]),
    ...paragraphs(doc.getFootnotes(), ["Footnotes"]),
    ...paragraphs(doc.getEndnotes(), ["Endnotes"]),
    ...paragraphs(doc.getHeaders({ includeFooters: true }), ["Header and footer"]),
  ];
  if (blocks.length === 0) throw new ExtractionError("no-text", "the document contains no text");
  return {
    format: "doc",
    parts: [
      makePart(
        "Document",
        null,
        joinForPart(
          blocks.map((b) => b.text),
          "\n",
        ),
        false,
      ),
    ],
    blocks,
    warnings: [],
  };
}
