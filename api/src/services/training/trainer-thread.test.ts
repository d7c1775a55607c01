// deps.trainer's lifecycle: close() ends a training still running (the job fails, no thread outlives Deps) and
// refuses new ones; the dataset is built in a thread too, the same as in place.
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

  it("builds a dataset in its thread, equal to the one built in place (same passages, same seed)", async () => {
    const trainer = createTrainerThread();
    try {
      const { passages } = input();
      const inThread = await trainer.dataset(passages, { seed: 7 });
      expect(inThread).toEqual(buildTrainerDataset(passages, { seed: 7 }));
      expect(inThread.train.length).toBeGreaterThan(0);
    } finally {
      await trainer.close();
    }
    await expect(trainer.dataset([], { seed: 1 })).rejects.toThrow("the trainer is closed");
  });

  it("stops building a dataset when aborted", async () => {
    const trainer = createTrainerThread();
    try {
      const controller = new AbortController();
      const building = trainer.dataset(input().passages, { seed: 1, signal: controller.signal });
      controller.abort(new Error("cancelled by the user"));
      await expect(building).rejects.toThrow("cancelled by the user");
    } finally {
      await trainer.close();
    }
  });
});
