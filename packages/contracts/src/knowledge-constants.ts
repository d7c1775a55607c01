// Knowledge-base constants without zod, so front ends can import them without shipping a schema library: upload
// extensions, pipeline stages, data-source agents with their recommended categories, the data-source category, and
// the document list's filters and page size.

/** Extensions the upload accepts (spec section 5), lower case, without the dot. */
export const UPLOAD_EXTENSIONS = ["pdf", "doc", "docx", "txt", "csv", "xlsx", "xls", "json"] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/**
 * Where a document is in the pipeline. The spec's `status` stays processing/completed/failed; `stage` says more.
 * queued -> extracting -> chunking -> embedding -> indexing -> completed, or failed at any point.
 */
export const DOCUMENT_STAGES = [
  "queued",
  "extracting",
  "chunking",
  "embedding",
  "indexing",
  "completed",
  "failed",
] as const;

/** The agent choices of the data-sources card: the five built-in agents plus QA and Compliance (spec section 3). */
export const DATA_SOURCE_AGENTS = [
  {
    id: "gtm",
    label: "GTM Strategy",
    categories: ["Market Research", "Sales Playbooks", "Competitive Analysis", "Customer Personas"],
  },
  {
    id: "legal",
    label: "Legal Foundation",
    categories: ["Contracts", "Policies", "Compliance Documents", "Corporate Governance"],
  },
  {
    id: "vision",
    label: "Vision Refinement",
    categories: ["Strategic Plans", "Mission & Values", "Product Roadmaps", "Board Presentations"],
  },
  {
    id: "technical",
    label: "Technical Architecture",
    categories: ["System Architecture", "API Documentation", "Database Schemas", "Infrastructure"],
  },
  {
    id: "fundraising",
    label: "Fundraising Prep",
    categories: ["Financial Statements", "Business Plans", "Market Analysis", "Investor Materials"],
  },
  {
    id: "qa-compliance",
    label: "QA and Compliance",
    categories: ["Quality Standards", "Audit Reports", "Regulatory Requirements", "Test Plans"],
  },
] as const;
export type DataSourceAgentId = (typeof DATA_SOURCE_AGENTS)[number]["id"];

/** Spec section 3: a text data source's category is fixed. */
export const DATA_SOURCE_CATEGORY = "Custom Training Data";

/** The document list's type filter: the spec's "Supported: PDF, Word, Text, CSV, Excel, JSON", each with its extensions. */
export const DOCUMENT_TYPE_FILTERS = [
  { id: "pdf", label: "PDF", extensions: ["pdf"] },
  { id: "word", label: "Word", extensions: ["doc", "docx"] },
  { id: "text", label: "Text", extensions: ["txt"] },
  { id: "csv", label: "CSV", extensions: ["csv"] },
  { id: "excel", label: "Excel", extensions: ["xlsx", "xls"] },
  { id: "json", label: "JSON", extensions: ["json"] },
] as const satisfies readonly { id: string; label: string; extensions: readonly UploadExtension[] }[];
export type DocumentTypeFilter = (typeof DOCUMENT_TYPE_FILTERS)[number]["id"];

/**
 * The document list's agent filter value for the documents uploaded for all agents (no agent). Agent ids are
 * built-in agent ids or custom agents' UUIDs, so it names none of them.
 */
export const NO_AGENT_FILTER = "none";

/** Documents per page of GET /api/documents when `limit` is not given, and the most one page may hold. */
export const DOCUMENT_PAGE_SIZE = { default: 50, max: 100 } as const;

/** Most document ids one GET /api/documents?ids= may name (two full uploads of 50 files). */
export const DOCUMENT_IDS_MAX = 100;
