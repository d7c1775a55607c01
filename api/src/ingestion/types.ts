// Shared types of the ingestion library: extracted documents, their blocks, chunks, limits and the typed extraction error.
import type { ChunkLocation, UploadExtension } from "@acp/contracts/knowledge";
import type { TextAnalysis } from "../text-search/lexical-analyzer";

/**
 * A format the extractors read: an upload extension, or "html", the page a URL data source fetched (read in the
 * extraction child like a file, never an upload extension).
 */
export type ExtractFormat = UploadExtension | "html";

/** Where a run of text sits: a PDF page, a heading path in a word-processing document, or a line range. */
export type TextBlockLocation =
  | { kind: "page"; page: number; ocr?: boolean }
  | { kind: "section"; headings: string[] }
  | { kind: "lines"; lineStart: number; lineEnd: number };

/** A paragraph (or paragraph-like run) of text. Chunking splits on block, then sentence boundaries. */
export type TextBlock = {
  kind: "text";
  text: string;
  location: TextBlockLocation;
};

/** One table row with its 1-based row number (in the sheet, the CSV, or the table; the header row excluded). */
export type TableRow = { rowNumber: number; cells: string[] };

/** Where a table sits: a sheet (xlsx/xls), a CSV (no sheet), or a table under a heading path (docx). */
export type TableContext =
  | { kind: "sheet"; sheet?: string }
  | { kind: "section"; headings: string[]; tableIndex: number };

/** A table: chunked row-wise, a row never split, the header repeated in every chunk. */
export type TableBlock = {
  kind: "table";
  /** Header cells; empty when the table has no header row. */
  header: string[];
  /** Row number of the header row, when it has one (a table with a header and no rows still yields a chunk). */
  headerRowNumber?: number;
  rows: TableRow[];
  context: TableContext;
};

export type ExtractedBlock = TextBlock | TableBlock;

/** One unit for the document detail view: a page, a sheet, or the whole text. */
export type ExtractedDocumentPart = {
  label: string;
  location: ChunkLocation | null;
  /** The part's text, cut at PART_TEXT_LIMIT characters (the blocks keep everything). */
  text: string;
  truncated: boolean;
  /** False for a page with no text layer and nothing OCR could read, or an empty sheet. */
  hasText: boolean;
  ocr: boolean;
  /**
   * A table's part (a sheet, a CSV): the source row number of each line of `text`, in order (the same numbers as the
   * chunks' rowStart/rowEnd), so the detail view numbers the lines exactly though blank rows were skipped and the text
   * was cut. Absent for other parts.
   */
  lineNumbers?: number[];
};

/** What every extractor produces. */
export type ExtractedDocument = {
  format: ExtractFormat;
  parts: ExtractedDocumentPart[];
  blocks: ExtractedBlock[];
  /** Non-fatal notes a user may want to see (e.g. "OCR stopped after 50 pages"). */
  warnings: string[];
  /** The text encoding detected for text formats (txt, csv, json), e.g. "UTF-8", "Shift_JIS". */
  encoding?: string;
  /** Pages of a PDF, and how many of them went through OCR. */
  pageCount?: number;
  ocrPageCount?: number;
};

/** What a streaming extraction reports at the end: the document without its blocks (they went out as chunks). */
export type ExtractionSummary = Omit<ExtractedDocument, "blocks"> & { chunkCount: number };

/** A chunk ready to embed. */
export type Chunk = {
  index: number;
  text: string;
  tokenCount: number;
  location: ChunkLocation;
  /** The text's lexemes, made by the extraction child (so the API's event loop does not analyse it). */
  lexical?: TextAnalysis;
};

export type ChunkOptions = {
  /** Target size of a chunk in estimated tokens (default 800). */
  targetTokens?: number;
  /** Tokens of text repeated from the end of one chunk at the start of the next (default 100; tables overlap by rows). */
  overlapTokens?: number;
};

/** Resource limits of one extraction. */
export type ExtractionLimits = {
  /** V8 old-generation heap of the extraction child, in MB (default 1024: mammoth needed ~768 MB for a 150,000-paragraph DOCX). */
  maxOldGenerationSizeMb: number;
  /**
   * Time the child may keep us waiting; it is killed when it is exceeded (default 600 000 ms: 50 OCR pages at up to
   * 7 s each fit). Time the child spends waiting for the consumer of its chunks does not count.
   */
  timeoutMs: number;
  /** At most this many PDF pages go through OCR (default 50); later pages without text are reported, not read. */
  ocrPageCap: number;
  /** OCR pages without a text layer (default true). */
  ocr: boolean;
};

export type ExtractionProgress = {
  /** What is being done, e.g. "reading", "ocr". */
  phase: string;
  done: number;
  total: number;
  /** A short human-readable line, e.g. "OCR page 2 of 6". */
  message: string;
};

export type ExtractOptions = {
  fileName: string;
  format: ExtractFormat;
  limits?: Partial<ExtractionLimits>;
  onProgress?: (progress: ExtractionProgress) => void;
  signal?: AbortSignal;
};

export type SniffResult = { ok: true; ext: UploadExtension } | { ok: false; reason: string };

/** Why an extraction failed, in a form callers can branch on; `message` is written for the user. */
export type ExtractionErrorCode =
  | "unsupported"
  | "invalid"
  | "damaged"
  | "encrypted"
  | "no-text"
  | "timeout"
  | "memory"
  /** The file expands to more (unpacked, or as text) than a reader allows: a ZIP bomb, a table that multiplies. */
  | "too-large"
  | "aborted"
  | "internal";

/** A failure whose message a user understands ("password-protected workbook", "not a valid DOCX: no main document part"). */
export class ExtractionError extends Error {
  readonly code: ExtractionErrorCode;

  constructor(code: ExtractionErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ExtractionError";
    this.code = code;
  }
}

/** Parts keep at most this many characters each, so a 200 MB file is not held twice. */
export const PART_TEXT_LIMIT = 100_000;

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  maxOldGenerationSizeMb: 1024,
  timeoutMs: 600_000,
  ocrPageCap: 50,
  ocr: true,
};

/*
 * The library's functions (named exports):
 * - sniff-file-type.ts      sniffFileType({ fileName, head }): SniffResult — extension whitelist AND magic bytes;
 *                           verifyContainer({ fileName, bytes }) / verifyContainerFile({ fileName, filePath }): also
 *                           the container's main part (word/ vs xl/, WordDocument vs Workbook, encrypted OOXML).
 * - extract-in-isolation.ts extractChunksInIsolation({ ...ExtractInIsolationInput, chunking?, onChunks }):
 *                           Promise<ExtractionSummary> — extraction + chunking in a child process, chunks streamed
 *                           back in acknowledged batches (CSV, TXT, JSON and XLSX stream inside the child: 200 MB files fit);
 *                           extractInIsolation(input): Promise<ExtractedDocument> — whole document back at once;
 *                           toExtractedParts(doc, { previewChars }): ExtractedPart[] (contract shape).
 * - extract-text.ts         extractText({ text }): ExtractedDocument — data-source text, no child process needed.
 * - chunk-document.ts       chunkDocument(doc, options?: ChunkOptions): Chunk[]; createChunker for streaming.
 * - estimate-tokens.ts      estimateTokens(text).
 * - extract-document.ts     extractDocument(bytes, options): in-process extraction (tests, trusted input); CSV, JSON
 *                           and XLSX through the streaming readers ingestion uses (collect-blocks.ts).
 * Every failure is an ExtractionError with a user-facing message.
 */
