// Adds a data source to an agent's knowledge: text and web pages become documents that go through the same pipeline.
import { createHash } from "node:crypto";
import type { dataSourceTypeSchema } from "@acp/contracts/entities";
import type { KnowledgeDocument, UploadExtension } from "@acp/contracts/knowledge";
import { DATA_SOURCE_CATEGORY } from "@acp/contracts/knowledge-constants";
import { VALIDATION } from "@acp/contracts/messages";
import iconv from "iconv-lite";
import type { z } from "zod";
import { dataSources } from "../../db/schema";
import type { Deps } from "../../deps";
import { sniffFileType } from "../../ingestion/sniff-file-type";
import { AppError } from "../../lib/app-error";
import { cleanDisplayName } from "../../lib/display-name";
import { assertDocumentAgent } from "../documents/document-agent";
import { MIME_TYPES } from "../documents/knowledge-document";
import { type NewDocument, storeDocuments } from "../documents/store-uploads";
import type { AddressPolicy } from "./address-policy";
import {
  DEFAULT_FETCH_LIMITS,
  type FetchLimits,
  fetchUrl,
  UrlFetchError,
  UrlNotAllowedError,
} from "./fetch-url";

type CreateDataSourceInput = {
  name: string;
  type: z.infer<typeof dataSourceTypeSchema>;
  content: string;
  category?: string | undefined;
  agentId: string;
};

/** Content types of a fetched page that go through file extraction, by the extension they are read as. */
const FILE_CONTENT_TYPES: [RegExp, UploadExtension][] = [
  [/^application\/pdf\b/i, "pdf"],
  [/^application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document\b/i, "docx"],
  [/^application\/msword\b/i, "doc"],
  [/^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet\b/i, "xlsx"],
  [/^application\/vnd\.ms-excel\b/i, "xls"],
  [/^text\/csv\b/i, "csv"],
  [/^(application|text)\/json\b|\+json\b/i, "json"],
  [/^text\/plain\b/i, "txt"],
];

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * `text`: the content is stored as a document (source `text`) and ingested. `url`: the page is fetched server-side
 * under `policy` and its readable text (HTML) or the file it serves (PDF, Office, CSV, JSON, plain text) is ingested
 * (source `url`). `api`: refused with UNSUPPORTED_DATA_SOURCE, never a false success.
 */
export async function createDataSource({
  deps,
  userId,
  input,
  policy,
  fetchLimits = DEFAULT_FETCH_LIMITS,
}: {
  deps: Deps;
  userId: string;
  input: CreateDataSourceInput;
  policy: AddressPolicy;
  fetchLimits?: FetchLimits;
}): Promise<KnowledgeDocument> {
  // The name is shown wherever the document is: bidi overrides and zero-width characters would disguise it.
  const name = cleanDisplayName(input.name);
  if (name === "") {
    throw new AppError("VALIDATION_ERROR", VALIDATION.dataSource, { details: { field: "name" } });
  }
  input = { ...input, name };
  // Before any work on the content: a page is never fetched for an agent the user cannot give documents to.
  await assertDocumentAgent({ db: deps.database.db, userId, agentId: input.agentId });
  const category = input.category?.trim() || DATA_SOURCE_CATEGORY;
  let item: NewDocument;
  if (input.type === "text") {
    const data = new TextEncoder().encode(input.content);
    item = {
      originalName: input.name,
      mimeType: "text/plain",
      fileType: null,
      size: data.length,
      sha256: sha256(data),
      source: "text",
      bytes: { data },
    };
  } else if (input.type === "url") {
    item = await fetchedDocument(input, policy, fetchLimits);
  } else {
    throw new AppError(
      "UNSUPPORTED_DATA_SOURCE",
      "API endpoint data sources cannot be ingested yet: add the content as text or a web URL instead",
      { details: { type: input.type } },
    );
  }

  const [stored] = await storeDocuments({
    db: deps.database.db,
    queue: deps.queues.ingestion,
    userId,
    agentId: input.agentId,
    category,
    items: [item],
  });
  if (!stored) throw new Error("storing the data source returned no document");
  await deps.database.db.insert(dataSources).values({
    userId,
    name: input.name,
    type: input.type,
    content: input.type === "url" ? input.content.trim() : input.content,
    category,
    agentId: input.agentId,
    documentId: stored.id,
  });
  const { duplicate: _duplicate, ...document } = stored;
  return document;
}

async function fetchedDocument(
  input: CreateDataSourceInput,
  policy: AddressPolicy,
  limits: FetchLimits,
): Promise<NewDocument> {
  const address = input.content.trim();
  let page: Awaited<ReturnType<typeof fetchUrl>>;
  try {
    page = await fetchUrl(address, { policy, limits });
  } catch (error) {
    if (error instanceof UrlNotAllowedError) {
      throw new AppError("URL_NOT_ALLOWED", `This address cannot be fetched: ${error.message}`, {
        details: { url: address },
      });
    }
    if (error instanceof UrlFetchError) {
      throw new AppError("BAD_REQUEST", error.message, {
        details: { url: address },
      });
    }
    throw error;
  }
  const contentType = page.contentType;
  const fileType = FILE_CONTENT_TYPES.find(([pattern]) => pattern.test(contentType))?.[1];
  if (fileType) {
    const sniffed = sniffFileType({ fileName: `page.${fileType}`, head: page.body.subarray(0, 8192) });
    if (!sniffed.ok) {
      throw new AppError(
        "UNSUPPORTED_DATA_SOURCE",
        `The page's content could not be read: ${sniffed.reason.replace(/^page\.\w+: /, "")}`,
      );
    }
    return {
      originalName: input.name,
      mimeType: MIME_TYPES[fileType],
      fileType,
      size: page.body.length,
      sha256: sha256(page.body),
      source: "url",
      sourceUrl: page.url,
      bytes: { data: page.body },
    };
  }
  if (!/^(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) {
    throw new AppError(
      "UNSUPPORTED_DATA_SOURCE",
      `Pages of type ${contentType.split(";")[0]} cannot be ingested: use a web page, PDF, Office, CSV, JSON or text address`,
    );
  }
  // The page itself is stored and read in the extraction child ("html"), under its memory and time limits: Readability
  // on a hostile DOM must not run on the API's event loop. Only the charset is settled here (a linear decode): the
  // child reads UTF-8, or detects the encoding when the server named none.
  const data = utf8Html(page.body, contentType);
  return {
    originalName: input.name,
    mimeType: "text/html",
    fileType: "html",
    size: data.length,
    sha256: sha256(data),
    source: "url",
    sourceUrl: page.url,
    bytes: { data },
  };
}

/** The page's bytes in UTF-8 when its Content-Type names another charset iconv-lite knows; else as they came. */
function utf8Html(body: Buffer, contentType: string): Uint8Array {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]?.toLowerCase();
  if (!charset || charset === "utf-8" || charset === "utf8" || !iconv.encodingExists(charset)) return body;
  return new TextEncoder().encode(iconv.decode(body, charset));
}
