// Runs extraction in a worker thread with a heap limit and a wall-clock timeout, so one hostile file fails alone.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { ExtractedPart } from "@acp/contracts/knowledge";
import type { ExtractionWorkerData, ExtractionWorkerMessage } from "./extraction-worker";
import { cutText } from "./parts";
import {
  DEFAULT_EXTRACTION_LIMITS,
  type ExtractedDocument,
  type ExtractInIsolationInput,
  ExtractionError,
} from "./types";

const require = createRequire(import.meta.url);

/**
 * The worker's entry: the compiled `extraction-worker.js` beside the bundle (api/build.mjs emits it next to
 * dist/server.js), or the TypeScript source run through tsx's loader under vitest/tsx.
 */
function workerEntry(): { url: URL; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith(".ts")) {
    return {
      url: new URL("./extraction-worker.ts", here),
      execArgv: ["--import", pathToFileURL(require.resolve("tsx")).href],
    };
  }
  return { url: new URL("./extraction-worker.js", here), execArgv: [] };
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? String(s) : s.toFixed(1);
}

/**
 * Extracts a file in a worker thread. `filePath` is read inside the worker (nothing large crosses the caller's heap);
 * `bytes` are copied to it. Memory exhaustion, the time limit and `signal` terminate the worker and reject with an
 * ExtractionError ("memory", "timeout", "aborted"); extraction failures keep their own code and message.
 */
export function extractInIsolation(input: ExtractInIsolationInput): Promise<ExtractedDocument> {
  const limits = { ...DEFAULT_EXTRACTION_LIMITS, ...input.limits };
  const { signal, onProgress } = input;
  if (signal?.aborted)
    return Promise.reject(new ExtractionError("aborted", "reading the file was cancelled"));
  if (!input.bytes && !input.filePath) {
    return Promise.reject(new ExtractionError("internal", "nothing to read: give bytes or a file path"));
  }
  const data: ExtractionWorkerData = {
    fileName: input.fileName,
    format: input.ext,
    limits,
    ...(input.filePath ? { filePath: input.filePath } : { bytes: input.bytes }),
  };
  const entry = workerEntry();
  return new Promise<ExtractedDocument>((resolve, reject) => {
    let settled = false;
    const worker = new Worker(entry.url, {
      workerData: data,
      execArgv: entry.execArgv,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.floor(limits.maxOldGenerationSizeMb / 8))),
      },
      stdout: true,
      stderr: true,
    });
    // The worker's console output (pdf.js warnings, tesseract notices) is not the API's log.
    worker.stdout.resume();
    worker.stderr.resume();
    const finish = (error: ExtractionError | null, document?: ExtractedDocument) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      void worker.terminate();
      if (error) reject(error);
      else resolve(document as ExtractedDocument);
    };
    const timer = setTimeout(() => {
      finish(
        new ExtractionError("timeout", `the file took longer than ${seconds(limits.timeoutMs)} s to read`),
      );
    }, limits.timeoutMs);
    const onAbort = () => finish(new ExtractionError("aborted", "reading the file was cancelled"));
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.on("message", (message: ExtractionWorkerMessage) => {
      if (message.type === "progress") {
        if (!settled) onProgress?.(message.progress);
      } else if (message.type === "result") {
        finish(null, message.document);
      } else {
        finish(new ExtractionError(message.code, message.message));
      }
    });
    worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY" || /out of memory|heap/i.test(error.message)) {
        finish(new ExtractionError("memory", "the file needs more memory than allowed to read"));
      } else {
        finish(
          new ExtractionError("internal", `could not read the file: ${error.message}`, { cause: error }),
        );
      }
    });
    worker.on("exit", (code) => {
      finish(new ExtractionError("internal", `the file reader stopped unexpectedly (exit code ${code})`));
    });
  });
}

/** The document's parts in the contract's shape (for the document detail view), each cut to `previewChars`. */
export function toExtractedParts(
  doc: ExtractedDocument,
  { previewChars = 2000 }: { previewChars?: number } = {},
): ExtractedPart[] {
  return doc.parts.map((part) => {
    const { text, truncated } = cutText(part.text, previewChars);
    return {
      label: part.label,
      location: part.location,
      text,
      truncated: truncated || part.truncated,
      hasText: part.hasText,
      ocr: part.ocr,
    };
  });
}
