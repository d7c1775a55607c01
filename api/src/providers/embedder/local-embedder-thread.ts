// One worker thread for the built-in embedder's large batches (ingestion): started on first use, idle without holding the process.
import { Worker } from "node:worker_threads";
import { siblingEntry } from "../../lib/sibling-entry";
import { EmbeddingThreadError } from "./local-embedder";
import type { EmbeddingReply, EmbeddingRequest } from "./local-embedder-worker";

/** The thread's heap limits (old and young generation). */
const THREAD_OLD_SPACE_MB = 32;
const THREAD_YOUNG_SPACE_MB = 8;

type Pending = { resolve: (vectors: Float64Array) => void; reject: (error: Error) => void };

class EmbeddingThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(onGone: () => void) {
    const entry = siblingEntry(import.meta.url, "local-embedder-worker");
    this.worker = new Worker(entry.file, {
      execArgv: entry.execArgv,
      // A batch needs a few MB (its texts, its vectors, the word cache): a small heap keeps the API's memory flat
      // while a 200 MB file is ingested.
      resourceLimits: {
        maxOldGenerationSizeMb: THREAD_OLD_SPACE_MB,
        maxYoungGenerationSizeMb: THREAD_YOUNG_SPACE_MB,
      },
    });
    // Idle, the thread must not keep the process alive; it is referenced only while a batch is out.
    this.worker.unref();
    this.worker.on("message", (reply: EmbeddingReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.settle(reply.id);
      if ("error" in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.vectors);
    });
    const fail = (error: Error) => {
      onGone();
      for (const [id, waiting] of this.pending) {
        this.settle(id);
        waiting.reject(new EmbeddingThreadError(`the embedding thread stopped: ${error.message}`));
      }
    };
    this.worker.on("error", fail);
    this.worker.on("exit", (code) => fail(new Error(`exit code ${code}`)));
  }

  embed(texts: string[], signal: AbortSignal | undefined): Promise<Float64Array> {
    signal?.throwIfAborted();
    const id = this.nextId++;
    return new Promise<Float64Array>((resolve, reject) => {
      // An aborted caller stops waiting at once; the thread finishes the batch and its answer is dropped.
      const onAbort = () => {
        this.settle(id);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.pending.set(id, {
        resolve: (vectors) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(vectors);
        },
        reject: (error) => {
          signal?.removeEventListener("abort", onAbort);
          reject(error);
        },
      });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ id, texts } satisfies EmbeddingRequest);
    });
  }

  private settle(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** The built-in embedder's worker thread, started on first use and started again after it died. */
export type EmbeddingThreadHandle = {
  /** Embeds `texts` with the built-in embedder on the thread: the vectors one after the other. */
  embed(texts: string[], signal: AbortSignal | undefined): Promise<Float64Array>;
  /** Stops the thread (shutdown); batches still out fail with EmbeddingThreadError and are embedded inline. */
  close(): Promise<void>;
};

export function createEmbeddingThread(): EmbeddingThreadHandle {
  let thread: EmbeddingThread | undefined;
  return {
    embed(texts, signal) {
      if (!thread) {
        const created = new EmbeddingThread(() => {
          if (thread === created) thread = undefined;
        });
        thread = created;
      }
      return thread.embed(texts, signal);
    },
    async close() {
      const closing = thread;
      thread = undefined;
      await closing?.close();
    },
  };
}
