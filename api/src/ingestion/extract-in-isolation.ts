// Runs extraction in a child process with a heap limit and a wall-clock timeout, so one hostile file fails alone.
import { type ChildProcess, fork } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ExtractedPart } from "@acp/contracts/knowledge";
import type { ExtractionJob, ExtractionParentMessage, ExtractionWorkerMessage } from "./extraction-worker";
import { cutText } from "./parts";
import {
  type Chunk,
  type ChunkOptions,
  DEFAULT_EXTRACTION_LIMITS,
  type ExtractedDocument,
  type ExtractInIsolationInput,
  ExtractionError,
  type ExtractionSummary,
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

type ChildHandlers<T> = {
  /** Handles a "result", "chunks" or "summary" message; returns the final value to settle with, if this is it. */
  onMessage: (
    message: ExtractionWorkerMessage,
    child: ChildProcess,
  ) => { done: T } | undefined | Promise<undefined>;
};

/** Starts the child, sends it the job, enforces the limits and turns every way it can end into a value or an error. */
function runInChild<T>(
  input: ExtractInIsolationInput,
  chunking: ChunkOptions | undefined,
  handlers: ChildHandlers<T>,
): Promise<T> {
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
    ...(chunking ? { chunking } : {}),
    ...(input.filePath ? { filePath: input.filePath } : { bytes: input.bytes }),
  };
  const entry = workerEntry();
  return new Promise<T>((resolve, reject) => {
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
    const finish = (error: unknown, value?: T) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      if (error) reject(error);
      else resolve(value as T);
    };
    const timer = setTimeout(() => {
      finish(
        new ExtractionError("timeout", `the file took longer than ${seconds(limits.timeoutMs)} s to read`),
      );
    }, limits.timeoutMs);
    const onAbort = () => finish(new ExtractionError("aborted", "reading the file was cancelled"));
    signal?.addEventListener("abort", onAbort, { once: true });
    child.on("message", (message: ExtractionWorkerMessage) => {
      if (settled) return;
      if (message.type === "progress") {
        onProgress?.(message.progress);
      } else if (message.type === "error") {
        finish(new ExtractionError(message.code, message.message));
      } else {
        try {
          const outcome = handlers.onMessage(message, child);
          if (outcome instanceof Promise) outcome.catch((error: unknown) => finish(error));
          else if (outcome) finish(null, outcome.done);
        } catch (error) {
          finish(error);
        }
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

/**
 * Extracts a file in a child process (`--max-old-space-size` = limits.maxOldGenerationSizeMb). A child process, not a
 * worker thread: V8 aborts the whole process when one huge allocation overruns a worker thread's heap limit (seen with a
 * 160 MB string), and the child's memory never counts against the API's. `filePath` is read by the child (nothing large
 * crosses the caller's heap); `bytes` are sent to it. Memory exhaustion, the time limit and `signal` kill the child and
 * reject with an ExtractionError ("memory", "timeout", "aborted"); extraction failures keep their own code and message.
 * The whole document comes back at once: for files that may be large (a 190 MB CSV), use `extractChunksInIsolation`.
 */
export function extractInIsolation(input: ExtractInIsolationInput): Promise<ExtractedDocument> {
  return runInChild<ExtractedDocument>(input, undefined, {
    onMessage: (message) => (message.type === "result" ? { done: message.document } : undefined),
  });
}

/**
 * Extracts AND chunks in the child, handing chunks to `onChunks` in batches as they are made (in order, indexes from
 * 0); the child waits until `onChunks` resolves before sending more, so memory stays bounded on both sides. CSV and
 * TXT files given by `filePath` are streamed in the child too: a 200 MB CSV reads in a bounded heap (checked: 64 MB within 96 MB).
 * Resolves with the document's parts, warnings, encoding and page counts (`ExtractionSummary`), same errors as
 * `extractInIsolation`.
 */
export function extractChunksInIsolation(
  input: ExtractInIsolationInput & {
    chunking?: ChunkOptions;
    onChunks: (chunks: Chunk[]) => Promise<void> | void;
  },
): Promise<ExtractionSummary> {
  // Batches are consumed one after the other, in order, even when the child has several in flight.
  let queue: Promise<void> = Promise.resolve();
  return runInChild<ExtractionSummary>(input, input.chunking ?? {}, {
    onMessage: (message, child) => {
      if (message.type === "summary") return { done: message.summary };
      if (message.type === "chunks") {
        queue = queue
          .then(() => input.onChunks(message.chunks))
          .then(() => {
            if (child.connected) child.send({ type: "ack" } satisfies ExtractionParentMessage);
          });
        return queue.then(() => undefined);
      }
      return undefined;
    },
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
