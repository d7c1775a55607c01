// Child-process entry of extractInIsolation: receives one job over IPC, extracts it, sends progress and the result or a typed error.
import { readFile } from "node:fs/promises";
import { extractDocument } from "./extract-document";
import type {
  ExtractedDocument,
  ExtractFormat,
  ExtractionErrorCode,
  ExtractionLimits,
  ExtractionProgress,
} from "./types";
import { ExtractionError } from "./types";

export type ExtractionJob = {
  bytes?: Uint8Array;
  filePath?: string;
  fileName: string;
  format: ExtractFormat;
  limits: ExtractionLimits;
};

export type ExtractionWorkerMessage =
  | { type: "progress"; progress: ExtractionProgress }
  | { type: "result"; document: ExtractedDocument }
  | { type: "error"; code: ExtractionErrorCode; message: string };

async function run(
  job: ExtractionJob,
  send: (message: ExtractionWorkerMessage) => void,
): Promise<ExtractionWorkerMessage> {
  try {
    let bytes: Uint8Array;
    if (job.bytes) {
      bytes = job.bytes;
    } else if (job.filePath) {
      bytes = await readFile(job.filePath);
    } else {
      throw new ExtractionError("internal", "nothing to read: neither bytes nor a file path were given");
    }
    const document = await extractDocument(bytes, {
      fileName: job.fileName,
      format: job.format,
      limits: job.limits,
      onProgress: (progress) => send({ type: "progress", progress }),
    });
    return { type: "result", document };
  } catch (error) {
    if (error instanceof ExtractionError) return { type: "error", code: error.code, message: error.message };
    if (error instanceof RangeError && /allocation|memory|Array buffer|string length/i.test(error.message)) {
      return { type: "error", code: "memory", message: "the file needs more memory than allowed to read" };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { type: "error", code: "internal", message: `could not read the file: ${message}` };
  }
}

if (process.send) {
  const send = (message: ExtractionWorkerMessage) => process.send?.(message);
  // The parent went away (crash, restart): nobody wants the answer any more.
  process.on("disconnect", () => process.exit(1));
  process.once("message", (job: ExtractionJob) => {
    void run(job, send).then((message) => {
      // Exit once the answer is flushed: tesseract.js or pdf.js may leave handles open.
      process.send?.(message, () => process.exit(0));
    });
  });
}
