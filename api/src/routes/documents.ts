// The signed-in user's knowledge-base documents (mounted at /api/documents): list, streamed upload, detail, delete.
import {
  documentDetailSchema,
  knowledgeDocumentSchema,
  uploadResponseSchema,
} from "@acp/contracts/knowledge";
import { z } from "@hono/zod-openapi";
import { signedInRoute, signedInStreamingRoute } from "../auth/signed-in-route";
import { AppError } from "../lib/app-error";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { deleteDocument } from "../services/documents/delete-document";
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

const listDocumentsRoute = signedInRoute({
  method: "get",
  path: "/",
  tags: ["Knowledge"],
  summary: "The signed-in user's documents, newest first, with their pipeline stage and progress",
  request: {
    query: z.object({
      agent: z
        .string()
        .min(1, "agent must not be empty")
        .max(200, "At most 200 characters")
        .optional()
        .openapi({
          description:
            "Only the documents associated with this agent id (built-in agent type or custom agent id)",
        }),
    }),
  },
  responses: {
    200: {
      description: "The user's documents",
      content: { "application/json": { schema: z.array(knowledgeDocument) } },
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
    const { agent } = c.req.valid("query");
    const list = await listDocuments({ db: c.var.deps.database.db, userId: c.var.user.id, agentId: agent });
    return c.json(list, 200);
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
