// The training thread's entry: builds one agent's training questions from its passages, or trains its re-ranker and
// reports each epoch, then the result (workerData says which).
import { parentPort, workerData } from "node:worker_threads";
import { buildTrainerDataset, trainAgentRanker } from "./trainer/agent-ranker";
import type { TrainerThreadMessage, TrainerThreadTask } from "./trainer-thread";

const task = workerData as TrainerThreadTask;
const post = (message: TrainerThreadMessage, transfer: ArrayBuffer[] = []) =>
  parentPort?.postMessage(message, transfer);

try {
  if (task.kind === "dataset") {
    post({ kind: "dataset", dataset: buildTrainerDataset(task.passages, { seed: task.seed }) });
  } else {
    const result = trainAgentRanker({
      passages: task.passages,
      dataset: task.dataset,
      candidateIds: new Map(task.candidateIds),
      epochs: task.epochs,
      seed: task.seed,
      onEpoch: (epoch) => post({ kind: "epoch", epoch }),
    });
    // A copy the size of the artifact, so its buffer can be transferred whatever view the trainer returned.
    const artifact = new Uint8Array(result.artifact);
    post({ kind: "done", result: { ...result, artifact } }, [artifact.buffer]);
  }
} catch (error) {
  post({ kind: "error", message: error instanceof Error ? error.message : String(error) });
}
