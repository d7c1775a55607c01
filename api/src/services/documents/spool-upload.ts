// Reads a multipart upload as a stream: each file goes to a randomly named spool file while it is hashed and sniffed.
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { UploadExtension } from "@acp/contracts/knowledge";
import busboy from "busboy";
import {
  displayName,
  SNIFF_HEAD_BYTES,
  sniffFileType,
  verifyContainerFile,
} from "../../ingestion/sniff-file-type";
import { AppError } from "../../lib/app-error";

/** A file that arrived whole, passed its checks and waits on local disk to be stored. */
export type SpooledFile = {
  /** The client's name, shown to the user and stored as data; never used as a path. */
  originalName: string;
  mimeType: string;
  ext: UploadExtension;
  size: number;
  sha256: string;
  /** A random name under the upload's own temp folder. */
  path: string;
};

export type InvalidFile = { name: string; reason: string };

export type SpooledUpload = {
  files: SpooledFile[];
  fields: Record<string, string>;
  /** Removes every spool file; call it whatever happens next. */
  cleanup: () => Promise<void>;
};

export type SpoolLimits = {
  /** Per-file limit (413 beyond it). */
  maxFileBytes: number;
  maxFiles: number;
  /** Bytes of the rest of a too-large request read (and dropped) before the connection is cut. */
  drainBytes: number;
};

const FIELD_NAMES = new Set(["agentId", "category"]);

function formatLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${bytes} bytes`;
}

/** Every upload's spool folder starts with this (spool-sweeper.ts removes those a killed process left). */
export const SPOOL_PREFIX = "acp-upload-";

/**
 * Parses `multipart/form-data` from `body` with busboy, never holding a file in memory: repeated `files` parts are
 * spooled to disk with their SHA-256 and content sniffed from the head (then the whole container checked). Throws
 * PAYLOAD_TOO_LARGE (413) as soon as a file passes the limit, INVALID_FILES (400) naming every bad file, or
 * VALIDATION_ERROR; nothing is left on disk when it throws.
 */
export async function spoolUpload({
  body,
  contentType,
  limits,
  spoolRoot = tmpdir(),
}: {
  body: ReadableStream<Uint8Array> | null;
  contentType: string | undefined;
  limits: SpoolLimits;
  spoolRoot?: string;
}): Promise<SpooledUpload> {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Upload files as multipart/form-data with repeated `files` parts",
    );
  }
  if (!body) throw new AppError("VALIDATION_ERROR", "Choose at least one file to upload");
  const dir = await mkdtemp(path.join(spoolRoot, SPOOL_PREFIX));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const result = await parse({ body, contentType, limits, dir });
    return { ...result, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function parse({
  body,
  contentType,
  limits,
  dir,
}: {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  limits: SpoolLimits;
  dir: string;
}): Promise<{ files: SpooledFile[]; fields: Record<string, string> }> {
  const input = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles,
        fields: 20,
        fieldSize: 4096,
        parts: limits.maxFiles + 20,
      },
      defParamCharset: "utf8",
    });
  } catch (error) {
    throw new AppError("VALIDATION_ERROR", "The multipart body has no boundary", { cause: error });
  }

  const files: { order: number; file: SpooledFile }[] = [];
  const invalid: InvalidFile[] = [];
  const fields: Record<string, string> = {};
  const writes: Promise<void>[] = [];
  let tooLarge: AppError | undefined;
  let fatal: AppError | undefined;

  return await new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      // Read a little more so the client can see the answer, then stop reading the rest of the body.
      let drained = 0;
      input.on("data", (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > limits.drainBytes) input.destroy();
      });
      input.unpipe(parser);
      input.resume();
      // The parser never sees the rest of the body: its file streams will not end on their own. Destroyed on the
      // next turn: busboy is still inside its own write when it reports a limit.
      setImmediate(() => parser.destroy());
      reject(error);
    };

    parser.on("field", (name, value, info) => {
      if (!FIELD_NAMES.has(name)) return;
      if (info.valueTruncated) {
        fatal ??= new AppError("VALIDATION_ERROR", `${name} is too long`, { details: { field: name } });
        return;
      }
      fields[name] = value;
    });

    parser.on("file", (fieldName, stream, info) => {
      // A body cut off inside this part destroys the part's stream with busboy's error; the parser reports the same
      // error, so this listener only keeps it from being thrown as uncaught (it crashed the process).
      stream.on("error", () => undefined);
      const name = displayName(info.filename ?? "");
      if (fieldName !== "files") {
        fatal ??= new AppError(
          "VALIDATION_ERROR",
          `Unexpected file field "${fieldName}": send files as "files"`,
        );
        stream.resume();
        return;
      }
      const order = writes.length;
      const target = path.join(dir, randomUUID());
      const hash = createHash("sha256");
      const head: Buffer[] = [];
      let headBytes = 0;
      let size = 0;
      let out: WriteStream | undefined = createWriteStream(target);
      let sniffed: ReturnType<typeof sniffFileType> | undefined;
      const outDone = new Promise<void>((resolveOut, rejectOut) => {
        out?.on("close", resolveOut);
        out?.on("error", rejectOut);
      });
      // A file destroyed mid-write (too large, invalid) may still report a write error: it is dropped anyway.
      outDone.catch(() => undefined);

      const doSniff = () => {
        if (sniffed) return sniffed;
        sniffed = sniffFileType({ fileName: name, head: new Uint8Array(Buffer.concat(head, headBytes)) });
        if (!sniffed.ok) {
          invalid.push({ name, reason: sniffed.reason });
          // A bad file is not kept: stop writing it, read the rest of it away.
          out?.destroy();
          out = undefined;
        }
        return sniffed;
      };

      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        hash.update(chunk);
        if (headBytes < SNIFF_HEAD_BYTES) {
          head.push(chunk);
          headBytes += chunk.length;
          if (headBytes >= SNIFF_HEAD_BYTES) doSniff();
        }
        if (out && !out.write(chunk)) {
          stream.pause();
          out.once("drain", () => stream.resume());
        }
      });
      stream.on("limit", () => {
        tooLarge ??= new AppError(
          "PAYLOAD_TOO_LARGE",
          `${name} is larger than the ${formatLimit(limits.maxFileBytes)} limit`,
          {
            details: { file: name, limitBytes: limits.maxFileBytes },
          },
        );
        out?.destroy();
        out = undefined;
        stream.resume();
        fail(tooLarge);
      });
      const finished = new Promise<void>((resolveFile) => {
        stream.on("close", () => resolveFile());
        stream.on("error", () => resolveFile());
      });
      writes.push(
        (async () => {
          await finished;
          const result = doSniff();
          const writer = out;
          if (writer) writer.end();
          if (writer) await outDone.catch(() => undefined);
          if (!result.ok || tooLarge || settled) return;
          const checked = await verifyContainerFile({ fileName: name, filePath: target });
          // Another format under this extension (a workbook named .docx) is refused now; a damaged container of the
          // right kind is stored and fails in extraction with its reason (e.g. "not a valid DOCX: no main document part").
          if (!checked.ok && isOtherFormat(checked.reason)) {
            invalid.push({ name, reason: checked.reason });
            return;
          }
          files.push({
            order,
            file: {
              originalName: name,
              mimeType: info.mimeType || "application/octet-stream",
              ext: result.ext,
              size,
              sha256: hash.digest("hex"),
              path: target,
            },
          });
        })(),
      );
    });

    parser.on("filesLimit", () => {
      fatal ??= new AppError("VALIDATION_ERROR", `At most ${limits.maxFiles} files per upload`);
    });
    parser.on("error", (error: unknown) => {
      fail(new AppError("VALIDATION_ERROR", "The multipart body is malformed", { cause: error }));
    });
    input.on("error", (error) => {
      fail(new AppError("VALIDATION_ERROR", "The upload was interrupted", { cause: error }));
    });
    parser.on("close", () => {
      Promise.all(writes).then(
        () => {
          if (settled) return;
          settled = true;
          if (fatal) return reject(fatal);
          if (invalid.length > 0) {
            const names = invalid.map((file) => file.name).join(", ");
            return reject(
              new AppError(
                "INVALID_FILES",
                `Nothing was uploaded. Unsupported or invalid files: ${names}. ${invalid.map((file) => file.reason).join("; ")}`,
                { details: { files: invalid } },
              ),
            );
          }
          if (files.length === 0)
            return reject(new AppError("VALIDATION_ERROR", "Choose at least one file to upload"));
          resolve({ files: files.sort((a, b) => a.order - b.order).map((entry) => entry.file), fields });
        },
        (error: unknown) => {
          settled = true;
          reject(error);
        },
      );
    });
    input.pipe(parser);
  });
}

/** verifyContainerFile's reasons for content that is another format ("... (it is an Excel workbook; ...)"). */
function isOtherFormat(reason: string): boolean {
  return /\(it is /.test(reason);
}
