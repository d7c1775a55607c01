// deps.trainer's lifecycle: close() ends a training still running (the job fails, no thread outlives Deps) and
// refuses new ones.
import { describe, expect, it } from "vitest";
import { buildTrainerDataset, type TrainerPassage } from "./trainer/agent-ranker";
import { createTrainerThread, type TrainerThreadInput } from "./trainer-thread";

function input(): TrainerThreadInput {
  const passages: TrainerPassage[] = Array.from({ length: 40 }, (_, i) => ({
    id: `p${i}`,
    documentId: `d${i % 8}`,
    text: `Document ${i % 8} says that topic${i % 8} matters. Then word${i} follows topic${i % 8} closely in every case.`,
  }));
  return {
    passages,
    dataset: buildTrainerDataset(passages, { seed: 1 }),
    candidateIds: [],
    epochs: 50,
    seed: 1,
  };
}

describe("createTrainerThread", () => {
  it("terminates a running training on close() and refuses later ones", async () => {
    const trainer = createTrainerThread();
    const training = trainer.train(input());
    await trainer.close();
    await expect(training).rejects.toThrow(/the training thread stopped/);
    await expect(trainer.train(input())).rejects.toThrow("the trainer is closed");
    await trainer.close();
  });
});
