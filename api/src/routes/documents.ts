// The signed-in user's knowledge-base documents (mounted at /api/documents): list (whole, or paged and filtered),
// streamed upload, detail, delete.
import { documentSchema } from "@acp/contracts/entities";
import {
  DOCUMENT_PAGE_SIZE,
  DOCUMENT_TYPE_FILTERS,
  documentDetailSchema,
  documentPageSchema,
  knowledgeDocumentSchema,
  NO_AGENT_FILTER,
  uploadResponseSchema,
} from "@acp/contracts/knowledge";
import { DOCUMENT_IDS_MAX } from "@acp/contracts/knowledge-constants";
import { z } from "@hono/zod-openapi";
import { signedInRoute, signedInStreamingRoute } from "../auth/signed-in-route";
import { AppError } from "../lib/app-error";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { deleteDocument } from "../services/documents/delete-document";
import { findDocuments } from "../services/documents/find-documents";
import { getDocumentDetail } from "../services/documents/get-document";
import { MIME_TYPES } from "../services/documents/knowledge-document";
import { listDocuments } from "../services/documents/list-documents";
import { spoolUpload } from "../services/documents/spool-upload";
import { storeDocuments } from "../services/documents/store-uploads";

/** Files per upload request. */
const MAX_FILES_PER_UPLOAD = 50;

const knowledgeDocument = componentSchema(knowledgeDocumentSchema, "KnowledgeDocument");
const agentIdField = z.string().trim().min(1, "agentId must not be empty").max(200, "At most 200 characters");
const categoryField = z.string().trim().max(200, "At most 200 characters");

const TYPE_IDS = DOCUMENT_TYPE_FILTERS.map((filter) => filter.id) as [
  (typeof DOCUMENT_TYPE_FILTERS)[number]["id"],
  ...(typeof DOCUMENT_TYPE_FILTERS)[number]["id"][],
];
const STATUSES = documentSchema.shape.status.options;

/** A whole number in a query string ("50"), with a message naming the parameter when it is not one. */
const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, `${name} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `${name} must be a whole number from ${min} to ${max}`)
        .max(max, `${name} must be a whole number from ${min} to ${max}`),
    );

const listQuery = z.object({
  agent: z
    .string()
    .min(1, "agent must not be empty")
    .max(200, "At most 200 characters")
    .optional()
    .openapi({
      description: `Only the documents associated with this agent id (built-in agent type or custom agent id); \`${NO_AGENT_FILTER}\`: only those uploaded for all agents (no agent)`,
    }),
  q: z
    .string()
    .trim()
    .max(200, "q must be at most 200 characters")
    .optional()
    .openapi({ description: "Only the documents whose name contains this text (any case)" }),
  status: z
    .enum(STATUSES, { error: `status must be one of ${STATUSES.join(", ")}` })
    .optional()
    .openapi({ description: "Only the documents with this status" }),
  type: z
    .enum(TYPE_IDS, { error: `type must be one of ${TYPE_IDS.join(", ")}` })
    .optional()
    .openapi({
      description: `Only the documents of this kind: ${DOCUMENT_TYPE_FILTERS.map((f) => `\`${f.id}\` (${f.extensions.join(", ")})`).join(", ")}`,
    }),
  ids: z
    .string()
    .regex(/^[^,]+(,[^,]+)*$/, "ids must be document ids separated by commas")
    .transform((value) => value.split(","))
    .pipe(
      z
        .array(z.string().max(200))
        .max(DOCUMENT_IDS_MAX, `ids must name at most ${DOCUMENT_IDS_MAX} documents`),
    )
    .optional()
    .openapi({
      type: "string",
      description: `Only these documents (ids separated by commas, at most ${DOCUMENT_IDS_MAX})`,
    }),
  limit: wholeNumber("limit", 1, DOCUMENT_PAGE_SIZE.max)
    .optional()
    .openapi({
      type: "integer",
      minimum: 1,
      maximum: DOCUMENT_PAGE_SIZE.max,
      description: `Answer one page of at most this many documents (default ${DOCUMENT_PAGE_SIZE.default}) with the total, instead of the whole list`,
    }),
  offset: wholeNumber("offset", 0, 1_000_000).optional().openapi({
    type: "integer",
    minimum: 0,
    maximum: 1_000_000,
    description: "Answer the page starting after this many documents (default 0)",
  }),
});

const listDocumentsRoute = signedInRoute({
  method: "get",
  path: "/",
  tags: ["Knowledge"],
  summary: "The signed-in user's documents, newest first, with their pipeline stage and progress",
  description: [
    "Without `limit` or `offset` the answer is the whole list (an array) of the documents passing the filters, as",
    "the spec's GET /api/documents and GET /api/documents?agent={agentId} read it. With either, it is one page",
    "(`documents`, `total` matching, `limit`, `offset`). Filters combine: `q`, `status`, `agent`, `type`, `ids`.",
  ].join(" "),
  request: { query: listQuery },
  responses: {
    200: {
      description: "The user's documents: the whole list, or one page with the total when paged",
      content: {
        "application/json": {
          schema: z.union([
            z.array(knowledgeDocument),
            componentSchema(
              documentPageSchema.extend({ documents: z.array(knowledgeDocument) }),
              "DocumentPage",
            ),
          ]),
        },
      },
    },
    ...errorResponses(400, 401),
  },
});

const uploadRoute = signedInStreamingRoute({
  method: "post",
  path: "/upload",
  tags: ["Knowledge"],
  summary: "Upload documents (multipart, streamed; 200 MB per file)",
  description: [
    "multipart/form-data with one or more `files` parts and optional `agentId` and `category` fields. The body is read",
    "as a stream: each file is spooled to disk while it is hashed and its content checked against its extension",
    `(${Object.keys(MIME_TYPES).join(", ")}). If any file is invalid nothing is stored and the 400 INVALID_FILES names`,
    "every bad file and why (`details.files`). A file over 200 MB answers 413 PAYLOAD_TOO_LARGE naming it. The same",
    "bytes uploaded again by the same user for the same agent answer the existing document with `duplicate: true`.",
    "Each new document is `processing` (stage `queued`) and is ingested in the background. A `.json` file may hold",
    "one JSON value or JSON Lines (one record per line); workbooks are read sheet by sheet in workbook order.",
  ].join(" "),
  request: {
    body: {
      required: true,
      description: "Files and fields; not validated by a schema (it would buffer the body)",
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["files"],
            properties: {
              files: { type: "array", items: { type: "string", format: "binary" } },
              agentId: { type: "string", maxLength: 200 },
              category: { type: "string", maxLength: 200 },
            },
          },
        },
      },
    },
  },
  responses: {
    201: {
      description: "The stored (or recognised) documents, each processing",
      content: { "application/json": { schema: componentSchema(uploadResponseSchema, "UploadResponse") } },
    },
    ...errorResponses(400, 401, 413, 415),
  },
});

const idParams = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "id", in: "path" } }),
});

const detailRoute = signedInRoute({
  method: "get",
  path: "/{id}",
  tags: ["Knowledge"],
  summary:
    "One document: what was extracted (page by page or sheet by sheet), chunk count, embedder, stage timings",
  request: { params: idParams },
  responses: {
    200: {
      description: "The document's detail",
      content: { "application/json": { schema: componentSchema(documentDetailSchema, "DocumentDetail") } },
    },
    ...errorResponses(400, 401, 404),
  },
});

const deleteRoute = signedInRoute({
  method: "delete",
  path: "/{id}",
  tags: ["Knowledge"],
  summary:
    "Delete a document with its stored bytes, extracted text, chunks and vectors (a queued or running job is cancelled)",
  request: { params: idParams },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 404),
  },
});

export const documentsRoutes = createRouter()
  .openapi(listDocumentsRoute, async (c) => {
    const { limit, offset, q, ...filters } = c.req.valid("query");
    const params = {
      db: c.var.deps.database.db,
      userId: c.var.user.id,
      filters: { ...filters, q: q || undefined },
    };
    if (limit === undefined && offset === undefined) return c.json(await listDocuments(params), 200);
    const page = await findDocuments({
      ...params,
      limit: limit ?? DOCUMENT_PAGE_SIZE.default,
      offset: offset ?? 0,
    });
    return c.json(page, 200);
  })
  .openapi(uploadRoute, async (c) => {
    const { deps } = c.var;
    const upload = await spoolUpload({
      body: c.req.raw.body,
      contentType: c.req.header("content-type"),
      limits: {
        maxFileBytes: deps.config.upload.maxFileBytes,
        maxFiles: MAX_FILES_PER_UPLOAD,
        drainBytes: 16 * 1024 * 1024,
      },
      spoolRoot: deps.config.upload.spoolDir,
    });
    try {
      const agentId = optionalField(agentIdField, upload.fields.agentId, "agentId");
      const category = optionalField(categoryField, upload.fields.category, "category");
      const stored = await storeDocuments({
        db: deps.database.db,
        queue: deps.queues.ingestion,
        userId: c.var.user.id,
        agentId: agentId ?? null,
        category: category || null,
        // The job on this machine reads the spool file instead of the bytes just stored (spool-handoff.ts).
        handoffDir: deps.config.upload.spoolDir,
        items: upload.files.map((file) => ({
          originalName: file.originalName,
          mimeType: MIME_TYPES[file.ext],
          fileType: file.ext,
          size: file.size,
          sha256: file.sha256,
          source: "upload" as const,
          bytes: { filePath: file.path },
        })),
      });
      return c.json({ documents: stored }, 201);
    } finally {
      await upload.cleanup();
    }
  })
  .openapi(detailRoute, async (c) => {
    const { id } = c.req.valid("param");
    const detail = await getDocumentDetail({
      db: c.var.deps.database.db,
      userId: c.var.user.id,
      documentId: id,
    });
    return c.json(detail, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid("param");
    await deleteDocument({ deps: c.var.deps, userId: c.var.user.id, documentId: id });
    return c.body(null, 204);
  });

function optionalField(
  schema: z.ZodType<string>,
  value: string | undefined,
  name: string,
): string | undefined {
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError("VALIDATION_ERROR", parsed.error.issues[0]?.message ?? `Invalid ${name}`, {
      details: { field: name },
    });
  }
  return parsed.data;
}
