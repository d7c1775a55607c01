// Runs extraction in a child process with a heap limit and a wall-clock timeout, so one hostile file fails alone.
import { type ChildProcess, fork } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ExtractedPart } from "@acp/contracts/knowledge";
import type { ExtractionJob, ExtractionWorkerMessage } from "./extraction-worker";
import { cutText } from "./parts";
import {
  DEFAULT_EXTRACTION_LIMITS,
  type ExtractedDocument,
  type ExtractInIsolationInput,
  ExtractionError,
} from "./types";

const require = createRequire(import.meta.url);

/**
 * The child's entry: the compiled `extraction-worker.js` beside the bundle (api/build.mjs emits it next to
 * dist/server.js), or the TypeScript source run through tsx's loader under vitest/tsx.
 */
function workerEntry(): { file: string; loaderArgs: string[] } {
  const here = import.meta.url;
  if (here.endsWith(".ts")) {
    return {
      file: fileURLToPath(new URL("./extraction-worker.ts", here)),
      loaderArgs: ["--import", pathToFileURL(require.resolve("tsx")).href],
    };
  }
  return { file: fileURLToPath(new URL("./extraction-worker.js", here)), loaderArgs: [] };
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? String(s) : s.toFixed(1);
}

const MEMORY_MESSAGE = "the file needs more memory than allowed to read";

/**
 * Extracts a file in a child process (`--max-old-space-size` = limits.maxOldGenerationSizeMb). A child process, not a
 * worker thread: V8 aborts the whole process when one huge allocation overruns a worker thread's heap limit (seen with a
 * 160 MB string), and the child's memory never counts against the API's. `filePath` is read by the child (nothing large
 * crosses the caller's heap); `bytes` are sent to it. Memory exhaustion, the time limit and `signal` kill the child and
 * reject with an ExtractionError ("memory", "timeout", "aborted"); extraction failures keep their own code and message.
 */
export function extractInIsolation(input: ExtractInIsolationInput): Promise<ExtractedDocument> {
  const limits = { ...DEFAULT_EXTRACTION_LIMITS, ...input.limits };
  const { signal, onProgress } = input;
  if (signal?.aborted)
    return Promise.reject(new ExtractionError("aborted", "reading the file was cancelled"));
  if (!input.bytes && !input.filePath) {
    return Promise.reject(new ExtractionError("internal", "nothing to read: give bytes or a file path"));
  }
  const job: ExtractionJob = {
    fileName: input.fileName,
    format: input.ext,
    limits,
    ...(input.filePath ? { filePath: input.filePath } : { bytes: input.bytes }),
  };
  const entry = workerEntry();
  return new Promise<ExtractedDocument>((resolve, reject) => {
    let settled = false;
    let stderrTail = "";
    const child: ChildProcess = fork(entry.file, [], {
      execArgv: [...entry.loaderArgs, `--max-old-space-size=${limits.maxOldGenerationSizeMb}`],
      serialization: "advanced",
      // stdout is not the API's log (pdf.js warnings, tesseract notices); stderr is kept to recognise a V8 OOM.
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (text: string) => {
      stderrTail = (stderrTail + text).slice(-4096);
    });
    const finish = (error: ExtractionError | null, document?: ExtractedDocument) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
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
    child.on("message", (message: ExtractionWorkerMessage) => {
      if (message.type === "progress") {
        if (!settled) onProgress?.(message.progress);
      } else if (message.type === "result") {
        finish(null, message.document);
      } else {
        finish(new ExtractionError(message.code, message.message));
      }
    });
    child.on("error", (error) => {
      finish(
        new ExtractionError("internal", `could not start the file reader: ${error.message}`, {
          cause: error,
        }),
      );
    });
    child.on("exit", (code, exitSignal) => {
      // Let the stderr pipe drain so an out-of-memory report is not missed.
      setImmediate(() => {
        if (/heap out of memory|Reached heap limit|Allocation failed/i.test(stderrTail)) {
          finish(new ExtractionError("memory", MEMORY_MESSAGE));
        } else {
          const how = exitSignal ? `signal ${exitSignal}` : `exit code ${code}`;
          finish(new ExtractionError("internal", `the file reader stopped unexpectedly (${how})`));
        }
      });
    });
    child.send(job, (error) => {
      if (error) finish(new ExtractionError("internal", `could not start the file reader: ${error.message}`));
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
