// Extracts text handed over as a string (text data sources, fetched web pages): no worker needed, same shape as a txt upload.
import { plainTextDocument } from "./extract-plain";
import type { ExtractedDocument } from "./types";

/** Paragraphs with line ranges, one "Document" part. Throws ExtractionError("no-text") for blank text. */
export function extractText({ text }: { text: string }): ExtractedDocument {
  return plainTextDocument(text, "txt");
}
