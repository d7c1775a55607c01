// Dispatches bytes to the extractor of their format; the extraction worker calls this (tests may call it directly).
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
  // Each format's parser is loaded on first use: a worker reading a CSV never loads pdf.js, mammoth or tesseract.
  switch (options.format) {
    case "pdf":
      return (await import("./extract-pdf")).extractPdf(bytes, {
        limits,
        onProgress: options.onProgress,
        signal: options.signal,
      });
    case "docx":
      return (await import("./extract-docx")).extractDocx(bytes);
    case "doc":
      return (await import("./extract-doc")).extractDoc(bytes);
    case "xls":
      return (await import("./extract-xls")).extractXls(bytes);
    case "csv":
    case "json":
    case "xlsx":
      // Ingestion's own readers: the blocks a streamed upload of the same file is chunked from.
      return (await import("./collect-blocks")).collectStreamedDocument(
        bytes,
        options.format,
        options.onProgress,
      );
    case "txt":
      return (await import("./extract-plain")).extractTxt(bytes);
    case "html":
      return (await import("./extract-html")).extractHtml(bytes);
    default:
      throw new ExtractionError("unsupported", `.${String(options.format)} files are not supported`);
  }
}
