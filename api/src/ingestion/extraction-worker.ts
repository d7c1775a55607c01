// Worker-thread entry of extractInIsolation: reads the file, extracts it, posts progress and the result (or a typed error).
import { readFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import { extractDocument } from "./extract-document";
import type {
  ExtractedDocument,
  ExtractFormat,
  ExtractionErrorCode,
  ExtractionLimits,
  ExtractionProgress,
} from "./types";
import { ExtractionError } from "./types";

export type ExtractionWorkerData = {
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

async function run(data: ExtractionWorkerData): Promise<ExtractionWorkerMessage> {
  try {
    let bytes: Uint8Array;
    if (data.bytes) {
      bytes = data.bytes;
    } else if (data.filePath) {
      bytes = await readFile(data.filePath);
    } else {
      throw new ExtractionError("internal", "nothing to read: neither bytes nor a file path were given");
    }
    const document = await extractDocument(bytes, {
      fileName: data.fileName,
      format: data.format,
      limits: data.limits,
      onProgress: (progress) =>
        parentPort?.postMessage({ type: "progress", progress } satisfies ExtractionWorkerMessage),
    });
    return { type: "result", document };
  } catch (error) {
    if (error instanceof ExtractionError) return { type: "error", code: error.code, message: error.message };
    if (error instanceof RangeError && /allocation|memory|Array buffer/i.test(error.message)) {
      return { type: "error", code: "memory", message: "the file needs more memory than allowed to read" };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { type: "error", code: "internal", message: `could not read the file: ${message}` };
  }
}

if (parentPort) {
  const port = parentPort;
  void run(workerData as ExtractionWorkerData).then((message) => {
    port.postMessage(message);
    // tesseract.js or pdf.js may leave handles open: the answer is out, so end the thread now.
    port.close();
    process.exit(0);
  });
}
