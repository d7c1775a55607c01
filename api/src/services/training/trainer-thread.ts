// Runs the built-in trainer on a worker thread: the API's event loop (and PGlite on it) keeps serving while it builds
// the questions from the agent's passages and while it trains.
import { Worker } from "node:worker_threads";
import { siblingEntry } from "../../lib/sibling-entry";
import type {
  AgentRankerTraining,
  TrainerDataset,
  TrainerEpoch,
  TrainerPassage,
} from "./trainer/agent-ranker";

export type TrainerThreadInput = {
  passages: readonly TrainerPassage[];
  dataset: TrainerDataset;
  /** Each pair query's fused candidate ids, best first (a Map does not cross threads as cheaply as entries). */
  candidateIds: [string, string[]][];
  epochs: number;
  seed: number;
};

/** The thread's work: build a dataset from the passages, or train on one. */
export type TrainerThreadTask =
  | { kind: "dataset"; passages: readonly TrainerPassage[]; seed: number }
  | ({ kind: "train" } & TrainerThreadInput);

export type TrainerThreadMessage =
  | { kind: "epoch"; epoch: TrainerEpoch }
  | { kind: "dataset"; dataset: TrainerDataset }
  | { kind: "done"; result: AgentRankerTraining }
  | { kind: "error"; message: string };

/** Heap of the training thread: the passages' statistics and term vectors of a large agent fit well within it. */
const THREAD_OLD_SPACE_MB = 3072;

/** Trains the built-in re-ranker off the event loop (deps.trainer); tests may hand in their own. */
export type Trainer = {
  /**
   * The training questions of `passages` (buildTrainerDataset), built in a new thread: seconds of CPU for a few hundred
   * passages, which on the event loop would stall every request meanwhile. An abort terminates the thread.
   */
  dataset(
    passages: readonly TrainerPassage[],
    options: { seed: number; signal?: AbortSignal | undefined },
  ): Promise<TrainerDataset>;
  /**
   * Trains in a new thread and resolves with its result. `onEpoch` is awaited in order (its writes never overlap). An
   * abort terminates the thread at once (training holds no resource that needs closing) and rejects with the reason.
   */
  train(
    input: TrainerThreadInput,
    options?: { signal?: AbortSignal | undefined; onEpoch?: (epoch: TrainerEpoch) => Promise<void> },
  ): Promise<AgentRankerTraining>;
  /** Terminates the threads still training (their jobs reject); later trainings are refused. Idempotent. */
  close(): Promise<void>;
};

/** One worker thread per training, each terminated by close() if still running. */
export function createTrainerThread(): Trainer {
  const running = new Set<Worker>();
  let closed = false;
  return {
    async dataset(passages, { seed, signal }) {
      if (closed) throw new Error("the trainer is closed");
      const answer = await inThread({ kind: "dataset", passages, seed }, { signal, running });
      if (answer.kind !== "dataset") throw new Error("the training thread answered no dataset");
      return answer.dataset;
    },
    async train(input, options = {}) {
      if (closed) throw new Error("the trainer is closed");
      const answer = await inThread({ kind: "train", ...input }, { ...options, running });
      if (answer.kind !== "done") throw new Error("the training thread answered no training");
      return answer.result;
    },
    async close() {
      closed = true;
      await Promise.all([...running].map((worker) => worker.terminate()));
    },
  };
}

/** Runs one task in a new thread; resolves with its final message (the dataset, or the training's result). */
function inThread(
  task: TrainerThreadTask,
  {
    signal,
    onEpoch,
    running,
  }: {
    signal?: AbortSignal | undefined;
    onEpoch?: (epoch: TrainerEpoch) => Promise<void>;
    running: Set<Worker>;
  },
): Promise<Extract<TrainerThreadMessage, { kind: "dataset" | "done" }>> {
  signal?.throwIfAborted();
  const entry = siblingEntry(import.meta.url, "trainer-worker");
  const worker = new Worker(entry.file, {
    execArgv: entry.execArgv,
    workerData: task,
    resourceLimits: { maxOldGenerationSizeMb: THREAD_OLD_SPACE_MB },
  });
  running.add(worker);
  worker.once("exit", () => running.delete(worker));
  type Final = Extract<TrainerThreadMessage, { kind: "dataset" | "done" }>;
  return new Promise<Final>((resolve, reject) => {
    let settled = false;
    let epochs: Promise<void> = Promise.resolve();
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      void worker.terminate();
      outcome();
    };
    const onAbort = () => settle(() => reject(signal?.reason));
    signal?.addEventListener("abort", onAbort, { once: true });
    // The thread exits as soon as it has posted its result, while the last epochs may still be being written:
    // the result is held until they are, and only an exit without a result is a failure.
    let result: Final | undefined;
    worker.on("message", (message: TrainerThreadMessage) => {
      if (message.kind === "epoch") {
        const { epoch } = message;
        epochs = epochs.then(() => onEpoch?.(epoch));
        epochs.catch((error: unknown) => settle(() => reject(error)));
      } else if (message.kind === "done" || message.kind === "dataset") {
        const done = message;
        result = done;
        epochs.then(
          () => settle(() => resolve(done)),
          (error: unknown) => settle(() => reject(error)),
        );
      } else {
        settle(() => reject(new Error(`training failed: ${message.message}`)));
      }
    });
    worker.on("error", (error) => settle(() => reject(error)));
    worker.on("exit", (code) => {
      if (result === undefined) {
        settle(() => reject(new Error(`the training thread stopped (exit code ${code})`)));
      }
    });
  });
}
