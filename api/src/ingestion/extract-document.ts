// Dispatches bytes to the extractor of their format; the extraction worker calls this (tests may call it directly).
import { extractCsv } from "./extract-csv";
import { extractDoc } from "./extract-doc";
import { extractDocx } from "./extract-docx";
import { extractJson } from "./extract-json";
import { extractPdf } from "./extract-pdf";
import { extractTxt } from "./extract-plain";
import { extractXls } from "./extract-xls";
import { extractXlsx } from "./extract-xlsx";
import {
  DEFAULT_EXTRACTION_LIMITS,
  type ExtractedDocument,
  ExtractionError,
  type ExtractOptions,
} from "./types";

/** Extracts in the current thread. Prefer `extractInIsolation` for untrusted files: it adds memory and time limits. */
export async function extractDocument(
  bytes: Uint8Array,
  options: ExtractOptions,
): Promise<ExtractedDocument> {
  const limits = { ...DEFAULT_EXTRACTION_LIMITS, ...options.limits };
  if (bytes.length === 0) throw new ExtractionError("no-text", "the file is empty");
  options.signal?.throwIfAborted();
  switch (options.format) {
    case "pdf":
      return extractPdf(bytes, { limits, onProgress: options.onProgress, signal: options.signal });
    case "docx":
      return extractDocx(bytes);
    case "doc":
      return extractDoc(bytes);
    case "xlsx":
      return extractXlsx(bytes, options.fileName);
    case "xls":
      return extractXls(bytes);
    case "csv":
      return extractCsv(bytes);
    case "json":
      return extractJson(bytes);
    case "txt":
      return extractTxt(bytes);
    default:
      throw new ExtractionError("unsupported", `.${String(options.format)} files are not supported`);
  }
}
