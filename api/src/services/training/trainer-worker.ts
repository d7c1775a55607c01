// The training thread's entry: trains one agent's re-ranker (workerData) and reports each epoch, then the result.
import { parentPort, workerData } from "node:worker_threads";
import { trainAgentRanker } from "./trainer/agent-ranker";
import type { TrainerThreadInput, TrainerThreadMessage } from "./trainer-thread";

const input = workerData as TrainerThreadInput;
const post = (message: TrainerThreadMessage, transfer: ArrayBuffer[] = []) =>
  parentPort?.postMessage(message, transfer);

try {
  const result = trainAgentRanker({
    passages: input.passages,
    dataset: input.dataset,
    candidateIds: new Map(input.candidateIds),
    epochs: input.epochs,
    seed: input.seed,
    onEpoch: (epoch) => post({ kind: "epoch", epoch }),
  });
  // A copy the size of the artifact, so its buffer can be transferred whatever view the trainer returned.
  const artifact = new Uint8Array(result.artifact);
  post({ kind: "done", result: { ...result, artifact } }, [artifact.buffer]);
} catch (error) {
  post({ kind: "error", message: error instanceof Error ? error.message : String(error) });
}
