// POST /api/documents/upload: one multipart request with repeated `files`, sent with XMLHttpRequest so the page can
// show how much of each file has gone out (fetch has no upload progress).
import type { UploadResponse } from "@acp/contracts/knowledge";
import { mutationOptions } from "@tanstack/react-query";
import { HttpError } from "../http-error";
import { invalidateKnowledge } from "./documents";

export const UPLOAD_URL = "/api/documents/upload";

export type UploadProgress = { loaded: number; total: number };

export type UploadDocumentsInput = {
  files: readonly File[];
  agentId?: string | undefined;
  category?: string | undefined;
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  signal?: AbortSignal | undefined;
};

export function uploadFormData({ files, agentId, category }: UploadDocumentsInput): FormData {
  const form = new FormData();
  // Fields first: a streaming server knows the agent and category before the first file arrives.
  if (agentId) form.append("agentId", agentId);
  if (category) form.append("category", category);
  for (const file of files) form.append("files", file, file.name);
  return form;
}

/**
 * Sends the files with the session cookie. A non-OK answer rejects with the spec's
 * HttpError like every other call, so a 401 takes the shared unauthorized path.
 */
export function uploadDocuments(input: UploadDocumentsInput): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_URL);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadResponse);
        } catch {
          reject(new Error("The server's answer to the upload was not JSON"));
        }
        return;
      }
      reject(new HttpError({ status: xhr.status, statusText: xhr.statusText, bodyText: xhr.responseText }));
    };
    xhr.onerror = () => reject(new Error("Network error: the upload could not reach the server"));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    if (input.signal) {
      if (input.signal.aborted) {
        reject(new DOMException("The upload was cancelled", "AbortError"));
        return;
      }
      input.signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(uploadFormData(input));
  });
}

/**
 * Splits the request's progress over its files in the order they are sent: the multipart framing is spread in
 * proportion to each file's size, so every file reaches 100% exactly when the request has gone out.
 */
export function fileProgress(sizes: readonly number[], { loaded, total }: UploadProgress): number[] {
  const sum = sizes.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return sizes.map(() => (loaded >= total ? 100 : 0));
  let remaining = (Math.min(loaded, total) / total) * sum;
  return sizes.map((size) => {
    if (size <= 0) return remaining > 0 || loaded >= total ? 100 : 0;
    const sent = Math.max(0, Math.min(size, remaining));
    remaining -= size;
    return Math.round((sent / size) * 100);
  });
}

export function uploadDocumentsMutationOptions() {
  return mutationOptions({
    mutationKey: ["documents", "upload"],
    mutationFn: uploadDocuments,
    onSuccess: (_answer, _input, _result, { client }) => invalidateKnowledge(client),
  });
}
