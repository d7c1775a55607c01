// Test support for uploads: multipart requests (small ones via FormData, huge ones generated as a stream) and waiting on ingestion.
import type { DocumentDetail, KnowledgeDocument, UploadResponse } from "@acp/contracts/knowledge";
import type { TestApp } from "./test-app";

type UploadFile = { name: string; content: Uint8Array | string; type?: string };

/** POST /api/documents/upload with FormData (fine for small files). */
export function uploadFiles(
  t: TestApp,
  cookie: string,
  files: UploadFile[],
  fields: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    const bytes = typeof file.content === "string" ? new TextEncoder().encode(file.content) : file.content;
    form.append(
      "files",
      new Blob([bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? "application/octet-stream" }),
      file.name,
    );
  }
  return t.request("/api/documents/upload", { method: "POST", body: form, cookie });
}

/** Uploads and expects 201, returning the answered documents. */
export async function uploadOk(
  t: TestApp,
  cookie: string,
  files: UploadFile[],
  fields: Record<string, string> = {},
): Promise<UploadResponse["documents"]> {
  const response = await uploadFiles(t, cookie, files, fields);
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as UploadResponse).documents;
}

/**
 * A multipart body generated chunk by chunk (never held in memory): optional fields, then one file of `size` bytes
 * whose content `fill(offset, length)` produces.
 */
function streamingMultipart({
  boundary,
  fields = {},
  fileName,
  size,
  fill,
  chunkBytes = 1024 * 1024,
}: {
  boundary: string;
  fields?: Record<string, string>;
  fileName: string;
  size: number;
  fill: (offset: number, length: number) => Uint8Array;
  chunkBytes?: number;
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let head = "";
  for (const [name, value] of Object.entries(fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  head += `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  let offset = -1;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset === -1) {
        controller.enqueue(encoder.encode(head));
        offset = 0;
        return;
      }
      if (offset >= size) {
        controller.enqueue(encoder.encode(tail));
        controller.close();
        return;
      }
      const length = Math.min(chunkBytes, size - offset);
      controller.enqueue(fill(offset, length));
      offset += length;
    },
  });
}

/** Streams a generated multipart upload to the app. */
export function uploadStream(
  t: TestApp,
  cookie: string,
  options: Omit<Parameters<typeof streamingMultipart>[0], "boundary">,
): Promise<Response> {
  const boundary = `----acp-test-${Math.random().toString(16).slice(2)}`;
  return t.request("/api/documents/upload", {
    method: "POST",
    cookie,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body: streamingMultipart({ ...options, boundary }),
    // Node's fetch needs this for a stream body.
    duplex: "half",
  } as RequestInit);
}

/** Polls GET /api/documents/{id} until the document leaves `processing`, or throws after `timeoutMs`. */
export async function waitForDocument(
  t: TestApp,
  cookie: string,
  id: string,
  { timeoutMs = 60_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<DocumentDetail> {
  const deadline = Date.now() + timeoutMs;
  let last: DocumentDetail | undefined;
  while (Date.now() < deadline) {
    const response = await t.request(`/api/documents/${id}`, { cookie });
    if (response.status !== 200)
      throw new Error(`GET /api/documents/${id}: ${response.status} ${await response.text()}`);
    last = (await response.json()) as DocumentDetail;
    if (last.document.status !== "processing") return last;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(
    `document ${id} still processing after ${timeoutMs} ms (stage ${last?.document.stage}, ${last?.document.progress}%)`,
  );
}

export async function listDocumentsFor(t: TestApp, cookie: string, query = ""): Promise<KnowledgeDocument[]> {
  const response = await t.request(`/api/documents${query}`, { cookie });
  if (response.status !== 200) throw new Error(`GET /api/documents: ${response.status}`);
  return (await response.json()) as KnowledgeDocument[];
}
