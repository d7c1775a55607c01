// Extracts a fetched web page (a URL data source) in the extraction child: its readable text, as paragraphs.
import { decodeText } from "./decode-text";
import { plainTextDocument } from "./extract-plain";
import { type ExtractedDocument, ExtractionError } from "./types";

/**
 * The page's readable text (Readability on linkedom) as a text document. The API stores the page's bytes (in UTF-8
 * when its Content-Type named another charset) and this runs under the child's heap and time limits: a page built to
 * keep a DOM busy fails that document alone instead of blocking the API's event loop.
 */
export async function extractHtml(bytes: Uint8Array): Promise<ExtractedDocument> {
  const { readableText } = await import("./readable-text");
  const { text } = readableText(decodeText(bytes).text);
  if (text.trim() === "") throw new ExtractionError("no-text", "the page has no readable text");
  return plainTextDocument(text, "html");
}
