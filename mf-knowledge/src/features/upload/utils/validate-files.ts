// The spec's client-side type check (section 5): only pdf, doc, docx, txt, csv, xlsx, xls and json, case-insensitive;
// and the 200 MB limit the server enforces, checked before any byte is sent.
import { MAX_UPLOAD_BYTES } from "@acp/contracts/constants";
import { UPLOAD_EXTENSIONS } from "@acp/contracts/knowledge-constants";

export const ACCEPT_ATTRIBUTE = UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(",");

function hasSupportedExtension(fileName: string): boolean {
  const dot = fileName.lastIndexOf(".");
  if (dot < 0) return false;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext);
}

/** Names of the files the upload refuses; when there is any, nothing is uploaded. */
export function unsupportedFiles(files: readonly File[]): string[] {
  return files.filter((file) => !hasSupportedExtension(file.name)).map((file) => file.name);
}

/** The server's own sentence for a file over the limit (it answers 413 with the same words). */
export function tooLargeMessage(names: readonly string[]): string {
  return names.length === 1
    ? `${names[0]} is larger than the 200 MB limit`
    : `${names.join(", ")} are larger than the 200 MB limit`;
}

export function oversizedFiles(files: readonly File[]): string[] {
  return files.filter((file) => file.size > MAX_UPLOAD_BYTES).map((file) => file.name);
}
