// Knowledge-base contracts shared by the API and mf-knowledge: ingestion stages, chunk locations, document detail, retrieval.
import { z } from "zod";
import { documentSchema } from "./entities";
import { DOCUMENT_STAGES } from "./knowledge-constants";

export {
  DATA_SOURCE_AGENTS,
  type DataSourceAgentId,
  DOCUMENT_PAGE_SIZE,
  DOCUMENT_STAGES,
  DOCUMENT_TYPE_FILTERS,
  type DocumentTypeFilter,
  NO_AGENT_FILTER,
  UPLOAD_EXTENSIONS,
  type UploadExtension,
} from "./knowledge-constants";

/** Upload limit enforced by the server (spec section 9 states it; DESIGN 5 enforces it). */
export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

const documentStageSchema = z.enum(DOCUMENT_STAGES);
export type DocumentStage = z.infer<typeof documentStageSchema>;

/** Where a chunk came from in its document, so a citation can point at it. */
export const chunkLocationSchema = z.discriminatedUnion("kind", [
  /** A PDF page (1-based); `ocr` when its text came from OCR. */
  z.object({ kind: z.literal("page"), page: z.number().int().positive(), ocr: z.boolean().optional() }),
  /** Rows of a sheet (xlsx/xls) or of a CSV (sheet omitted), 1-based and inclusive, header row excluded. */
  z.object({
    kind: z.literal("rows"),
    sheet: z.string().optional(),
    rowStart: z.number().int().positive(),
    rowEnd: z.number().int().positive(),
  }),
  /** A section of a word-processing document under these headings (outermost first). */
  z.object({
    kind: z.literal("section"),
    headings: z.array(z.string()),
    /** Present when the chunk is rows of a table in that section (1-based, inclusive, header excluded). */
    table: z
      .object({
        index: z.number().int().positive(),
        rowStart: z.number().int().positive(),
        rowEnd: z.number().int().positive(),
      })
      .optional(),
  }),
  /** Lines of a text, JSON or data-source text (1-based, inclusive). */
  z.object({
    kind: z.literal("lines"),
    lineStart: z.number().int().positive(),
    lineEnd: z.number().int().positive(),
  }),
]);
export type ChunkLocation = z.infer<typeof chunkLocationSchema>;

/** A document as the list returns it: the spec's fields plus the pipeline's stage, progress and failure reason. */
export const knowledgeDocumentSchema = documentSchema.extend({
  stage: documentStageSchema,
  /** 0-100 across the whole pipeline. */
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  sha256: z.string().nullable(),
  /** Where it came from: an uploaded file, or a data source (text or web page). */
  source: z.enum(["upload", "text", "url"]),
  chunkCount: z.number().int().nonnegative(),
});
export type KnowledgeDocument = z.infer<typeof knowledgeDocumentSchema>;

/** GET /api/documents with `limit` or `offset`: one page of the matching documents, newest first, and how many match. */
export const documentPageSchema = z.object({
  documents: z.array(knowledgeDocumentSchema),
  /** Documents matching the filters, on every page. */
  total: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  offset: z.number().int().nonnegative(),
});
export type DocumentPage = z.infer<typeof documentPageSchema>;

/** One unit of extracted content for the document detail view: a PDF page, a sheet, or the whole text. */
const extractedPartSchema = z.object({
  /** e.g. "Page 3", "Sheet Ersatzteilliste", "Document". */
  label: z.string(),
  location: chunkLocationSchema.nullable(),
  /** The extracted text, possibly cut to a preview length. */
  text: z.string(),
  truncated: z.boolean(),
  /** False for a page with no text layer and nothing OCR could read. */
  hasText: z.boolean(),
  ocr: z.boolean(),
  /**
   * A table's part (a sheet, a CSV): the spreadsheet (or CSV record) row number of each line of `text`, in order,
   * numbered as chunk locations number rows (blank rows skipped, only the lines kept). Null for other parts and for
   * parts stored before row numbers were kept.
   */
  lineNumbers: z.array(z.number().int().positive()).nullable(),
});
export type ExtractedPart = z.infer<typeof extractedPartSchema>;

const stageTimingSchema = z.object({
  stage: documentStageSchema,
  startedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});

/** GET /api/documents/{id}: the document, what was extracted, how it was chunked and embedded, and how long each stage took. */
export const documentDetailSchema = z.object({
  document: knowledgeDocumentSchema,
  parts: z.array(extractedPartSchema),
  chunkCount: z.number().int().nonnegative(),
  /** Id of the embedder that made the document's vectors, e.g. `local-1536` or `openai:text-embedding-3-small`. */
  embedder: z.string().nullable(),
  timings: z.array(stageTimingSchema),
});
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

/** POST /api/documents/upload answer: one row per file, `duplicate` when the same bytes were already there. */
export const uploadResponseSchema = z.object({
  documents: z.array(knowledgeDocumentSchema.extend({ duplicate: z.boolean() })),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

const RETRIEVAL_TOP_K_DEFAULT = 5;
const RETRIEVAL_TOP_K_MAX = 50;

export const retrievalSearchRequestSchema = z.object({
  query: z.string().trim().min(1, "Please enter a question").max(2000),
  agentId: z.string().trim().min(1).max(200).optional(),
  topK: z.number().int().min(1).max(RETRIEVAL_TOP_K_MAX).default(RETRIEVAL_TOP_K_DEFAULT),
  /** Also return the candidates below the relevance threshold (the retrieval lab shows where the cut falls). */
  includeBelowThreshold: z.boolean().default(false),
});
export type RetrievalSearchRequest = z.input<typeof retrievalSearchRequestSchema>;

export const retrievalResultSchema = z.object({
  documentId: z.string(),
  documentName: z.string(),
  chunkId: z.string(),
  text: z.string(),
  location: chunkLocationSchema.nullable(),
  /** Fused score (reciprocal rank fusion of both legs, weighted). */
  score: z.number(),
  /** 1-based rank in the lexical (BM25) leg, null when that leg did not find it. */
  lexicalRank: z.number().int().positive().nullable(),
  /** 1-based rank in the dense (vector) leg, null when that leg did not find it. */
  denseRank: z.number().int().positive().nullable(),
  /** False for a candidate below the relevance threshold (only returned with includeBelowThreshold). */
  aboveThreshold: z.boolean(),
  /** What the threshold is compared with: the better of the lexical share of the ideal BM25 score and the scaled cosine. */
  relevance: z.number().optional(),
});
export type RetrievalResult = z.infer<typeof retrievalResultSchema>;

export const retrievalSearchResponseSchema = z.object({
  results: z.array(retrievalResultSchema),
  /** The minimum relevance applied, so the lab can show where the cut falls. */
  threshold: z.number(),
  embedder: z.string(),
  /**
   * "skipped" when the lexical leg alone decided the answer: its top results all passed the threshold and the
   * dense leg's weight (the built-in embedder's) could not have changed them, so it was not run and denseRank is
   * null. Searches with includeBelowThreshold always run both legs.
   */
  denseLeg: z.enum(["searched", "skipped"]),
  /**
   * True when the agent's trained re-ranker (a completed training job that beat the untrained agent) ordered the
   * results; absent or false for the search's own order (no agent, no trained model, or includeBelowThreshold).
   */
  reranked: z.boolean().optional(),
});
export type RetrievalSearchResponse = z.infer<typeof retrievalSearchResponseSchema>;

/** Knowledge base totals for the "Knowledge Base Stats" card. */
export const knowledgeStatsSchema = z.object({
  totalDocuments: z.number().int().nonnegative(),
  vectorEmbeddings: z.number().int().nonnegative(),
  /** Bytes of original files stored. */
  storageBytes: z.number().int().nonnegative(),
});
export type KnowledgeStats = z.infer<typeof knowledgeStatsSchema>;
