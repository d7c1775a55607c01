// Checks an upload's extension against its content (magic bytes, ZIP/OLE2 container entries) with reasons a user understands.
import { open } from "node:fs/promises";
import { UPLOAD_EXTENSIONS, type UploadExtension } from "@acp/contracts/knowledge";
import { cleanDisplayName } from "../lib/display-name";
import type { SniffResult } from "./types";

const PDF_MAGIC = "%PDF-";
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];

/** How many leading bytes `sniffFileType` wants (it works with fewer, e.g. for tiny files). */
export const SNIFF_HEAD_BYTES = 8192;

const FORMAT_NAMES: Record<UploadExtension, string> = {
  pdf: "a PDF file",
  doc: "a Word 97-2003 document",
  docx: "a Word document (DOCX)",
  xls: "an Excel 97-2003 workbook",
  xlsx: "an Excel workbook (XLSX)",
  csv: "a CSV text file",
  txt: "a text file",
  json: "a JSON text file",
};

/** The last path segment of a client-supplied name, for messages only (never used as a path). */
export function displayName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  // Controls would garble messages and logs; bidi overrides and zero-width characters disguise the name
  // ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf") and its extension.
  const clean = cleanDisplayName(base);
  return clean.length > 0 ? Array.from(clean).slice(0, 200).join("") : "file";
}

/** The lower-cased extension of a client-supplied name, or "" when it has none. */
export function fileExtension(fileName: string): string {
  const base = displayName(fileName);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

function isUploadExtension(ext: string): ext is UploadExtension {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext);
}

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  if (bytes.length < at + magic.length) return false;
  return magic.every((b, i) => bytes[at + i] === b);
}

function findAscii(bytes: Uint8Array, needle: string, limit: number): number {
  const end = Math.min(bytes.length, limit) - needle.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) {
      if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
    }
    return i;
  }
  return -1;
}

/** True when a head looks like UTF-16 text: a BOM, or NULs in every other byte of mostly-ASCII text. */
export function looksLikeUtf16(head: Uint8Array): "utf-16le" | "utf-16be" | null {
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  const n = Math.min(head.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (head[i] === 0) evenZeros++;
    if (head[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  // Latin-script UTF-16 has a zero high byte in most code units; CJK has few, but then the other half has none either.
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return "utf-16le";
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return "utf-16be";
  return null;
}

/** What the bytes look like, for "it starts like ..." reasons. */
function describeContent(head: Uint8Array): string {
  if (head.length === 0) return "it is empty";
  if (findAscii(head, PDF_MAGIC, 1024) >= 0) return "it starts like a PDF file";
  if (startsWith(head, ZIP_LOCAL) || startsWith(head, ZIP_EMPTY)) return "it starts like a ZIP archive";
  if (startsWith(head, OLE2_MAGIC)) return "it starts like an Office 97-2003 (OLE2) file";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47])) return "it is a PNG image";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "it is a JPEG image";
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return "it is a GIF image";
  if (startsWith(head, [0x1f, 0x8b])) return "it is a gzip archive";
  if (startsWith(head, [0x52, 0x61, 0x72, 0x21])) return "it is a RAR archive";
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf])) return "it is a 7-Zip archive";
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) || startsWith(head, [0x4d, 0x5a])) return "it is a program";
  if (startsWith(head, [0x7b, 0x5c, 0x72, 0x74, 0x66])) return "it is an RTF document";
  if (hasNul(head) && looksLikeUtf16(head) === null) return "it contains binary data";
  return "it looks like plain text";
}

function hasNul(head: Uint8Array): boolean {
  return head.subarray(0, Math.min(head.length, SNIFF_HEAD_BYTES)).includes(0);
}

function reject(fileName: string, ext: UploadExtension, head: Uint8Array): SniffResult {
  return {
    ok: false,
    reason: `${displayName(fileName)}: not ${FORMAT_NAMES[ext]} (${describeContent(head)})`,
  };
}

/**
 * Checks the extension against the whitelist and the first bytes against the format. `head` should hold the first
 * SNIFF_HEAD_BYTES bytes (or the whole file when smaller). ZIP and OLE2 formats pass on their magic; call
 * `verifyContainer`/`verifyContainerFile` with the whole file to check the main part (word/ vs xl/).
 */
export function sniffFileType({ fileName, head }: { fileName: string; head: Uint8Array }): SniffResult {
  const name = displayName(fileName);
  const ext = fileExtension(fileName);
  if (!isUploadExtension(ext)) {
    const shown = ext ? `.${ext} files are` : "files without an extension are";
    return {
      ok: false,
      reason: `${name}: ${shown} not supported (use PDF, DOC, DOCX, TXT, CSV, XLSX, XLS or JSON)`,
    };
  }
  if (head.length === 0) return { ok: false, reason: `${name}: the file is empty` };
  switch (ext) {
    case "pdf":
      return findAscii(head, PDF_MAGIC, 1024) >= 0 ? { ok: true, ext } : reject(fileName, ext, head);
    case "doc":
    case "xls":
      return startsWith(head, OLE2_MAGIC) ? { ok: true, ext } : reject(fileName, ext, head);
    case "docx":
    case "xlsx":
      // An encrypted (password-protected) OOXML file is an OLE2 container; extraction reports it by name.
      return startsWith(head, ZIP_LOCAL) || startsWith(head, OLE2_MAGIC)
        ? { ok: true, ext }
        : reject(fileName, ext, head);
    case "txt":
    case "csv":
    case "json":
      return sniffText(fileName, ext, head);
  }
}

const BINARY_TEXT_MAGICS: readonly (readonly number[])[] = [
  ZIP_LOCAL,
  OLE2_MAGIC,
  [0x25, 0x50, 0x44, 0x46, 0x2d],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x1f, 0x8b],
  [0x7f, 0x45, 0x4c, 0x46],
];

function sniffText(fileName: string, ext: "txt" | "csv" | "json", head: Uint8Array): SniffResult {
  if (BINARY_TEXT_MAGICS.some((magic) => startsWith(head, magic))) return reject(fileName, ext, head);
  if (hasNul(head) && looksLikeUtf16(head) === null) return reject(fileName, ext, head);
  if (ext === "json" && looksLikeUtf16(head) === null) {
    let i = 0;
    if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) i = 3;
    while (i < head.length && (head[i] === 0x20 || head[i] === 0x0a || head[i] === 0x0d || head[i] === 0x09))
      i++;
    if (i < head.length) {
      const c = String.fromCharCode(head[i] ?? 0);
      if (!/[[{"\-0-9tfn]/.test(c)) {
        return {
          ok: false,
          reason: `${displayName(fileName)}: not a JSON file (it does not start with a JSON value)`,
        };
      }
    }
  }
  return { ok: true, ext };
}

/** Random access to a file or buffer, so the ZIP central directory is read without loading a whole file. */
type ByteSource = { size: number; read(offset: number, length: number): Promise<Uint8Array> };

function bufferSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)),
  };
}

/** Names of the entries of an in-memory ZIP archive; null when it has no readable central directory. */
export function listZipEntries(bytes: Uint8Array): Promise<string[] | null> {
  return zipEntryNames(bufferSource(bytes));
}

/** Names of the entries of a ZIP archive, from its central directory; null when there is none to read. */
async function zipEntryNames(source: ByteSource): Promise<string[] | null> {
  const tailLength = Math.min(source.size, 65_557);
  const tail = await source.read(source.size - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail[i] === 0x50 && tail[i + 1] === 0x4b && tail[i + 2] === 0x05 && tail[i + 3] === 0x06) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let count = view.getUint16(eocd + 10, true);
  let cdSize = view.getUint32(eocd + 12, true);
  let cdOffset = view.getUint32(eocd + 16, true);
  if (cdOffset === 0xffffffff || count === 0xffff) {
    // ZIP64: the locator sits just before the end record.
    const locator = eocd - 20;
    if (locator < 0 || view.getUint32(locator, true) !== 0x07064b50) return null;
    const zip64Offset = Number(view.getBigUint64(locator + 8, true));
    const rec = await source.read(zip64Offset, 56);
    const recView = new DataView(rec.buffer, rec.byteOffset, rec.byteLength);
    if (rec.length < 56 || recView.getUint32(0, true) !== 0x06064b50) return null;
    count = Number(recView.getBigUint64(32, true));
    cdSize = Number(recView.getBigUint64(40, true));
    cdOffset = Number(recView.getBigUint64(48, true));
  }
  if (cdOffset + cdSize > source.size || cdSize > 64 * 1024 * 1024) return null;
  const cd = await source.read(cdOffset, cdSize);
  const cdView = new DataView(cd.buffer, cd.byteOffset, cd.byteLength);
  const names: string[] = [];
  const decoder = new TextDecoder();
  let p = 0;
  for (let n = 0; n < count && p + 46 <= cd.length; n++) {
    if (cdView.getUint32(p, true) !== 0x02014b50) return null;
    const nameLength = cdView.getUint16(p + 28, true);
    const extraLength = cdView.getUint16(p + 30, true);
    const commentLength = cdView.getUint16(p + 32, true);
    names.push(decoder.decode(cd.subarray(p + 46, p + 46 + nameLength)));
    p += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** Names of the streams in an OLE2 compound file (directory entries are UTF-16LE); a cheap scan, not a full parse. */
async function ole2HasStream(source: ByteSource, streamName: string): Promise<boolean> {
  const needle = Buffer.from(streamName, "utf16le");
  const step = 1024 * 1024;
  for (let offset = 0; offset < source.size; offset += step) {
    const window = await source.read(offset, step + needle.length);
    if (Buffer.from(window.buffer, window.byteOffset, window.byteLength).indexOf(needle) >= 0) return true;
  }
  return false;
}

async function verify(fileName: string, source: ByteSource): Promise<SniffResult> {
  const head = await source.read(0, SNIFF_HEAD_BYTES);
  const sniffed = sniffFileType({ fileName, head });
  if (!sniffed.ok) return sniffed;
  const { ext } = sniffed;
  const name = displayName(fileName);
  if ((ext === "docx" || ext === "xlsx") && startsWith(head, OLE2_MAGIC)) {
    if (await ole2HasStream(source, "EncryptedPackage")) return sniffed;
    const other =
      ext === "docx"
        ? "a Word 97-2003 document: save it as .doc"
        : "an Excel 97-2003 workbook: save it as .xls";
    return { ok: false, reason: `${name}: not ${FORMAT_NAMES[ext]} (it is ${other})` };
  }
  if (ext === "docx" || ext === "xlsx") {
    const names = await zipEntryNames(source);
    if (names === null)
      return {
        ok: false,
        reason: `${name}: not ${FORMAT_NAMES[ext]} (the ZIP archive is damaged or truncated)`,
      };
    const isWord = names.some((n) => n.startsWith("word/"));
    const isExcel = names.some((n) => n.startsWith("xl/"));
    if (ext === "docx" && !isWord) {
      return {
        ok: false,
        reason: isExcel
          ? `${name}: not a Word document (it is an Excel workbook; rename it to .xlsx)`
          : `${name}: not a valid DOCX: no main document part`,
      };
    }
    if (ext === "xlsx" && !isExcel) {
      return {
        ok: false,
        reason: isWord
          ? `${name}: not an Excel workbook (it is a Word document; rename it to .docx)`
          : `${name}: not a valid XLSX: no workbook part`,
      };
    }
  }
  if (ext === "doc" || ext === "xls") {
    const isWord = await ole2HasStream(source, "WordDocument");
    const isExcel =
      !isWord && ((await ole2HasStream(source, "Workbook")) || (await ole2HasStream(source, "Book")));
    if (ext === "doc" && !isWord) {
      return {
        ok: false,
        reason: isExcel
          ? `${name}: not a Word 97-2003 document (it is an Excel 97-2003 workbook; rename it to .xls)`
          : `${name}: not a valid Word 97-2003 document (no WordDocument stream)`,
      };
    }
    if (ext === "xls" && !isExcel) {
      return {
        ok: false,
        reason: isWord
          ? `${name}: not an Excel 97-2003 workbook (it is a Word 97-2003 document; rename it to .doc)`
          : `${name}: not a valid Excel 97-2003 workbook (no Workbook stream)`,
      };
    }
  }
  return sniffed;
}

/** Like `sniffFileType`, with the whole file in memory: also checks the container's main part (word/ vs xl/). */
export function verifyContainer({
  fileName,
  bytes,
}: {
  fileName: string;
  bytes: Uint8Array;
}): Promise<SniffResult> {
  return verify(fileName, bufferSource(bytes));
}

/** Like `verifyContainer` for a file on disk (e.g. an upload spool file), reading only the parts it needs. */
export async function verifyContainerFile({
  fileName,
  filePath,
}: {
  fileName: string;
  filePath: string;
}): Promise<SniffResult> {
  const handle = await open(filePath, "r");
  try {
    const { size } = await handle.stat();
    return await verify(fileName, {
      size,
      read: async (offset, length) => {
        const safeLength = Math.max(0, Math.min(length, size - offset));
        const buffer = new Uint8Array(safeLength);
        if (safeLength > 0) await handle.read(buffer, 0, safeLength, offset);
        return buffer;
      },
    });
  } finally {
    await handle.close();
  }
}
