// The built-in training's outcome (issue 29): applied only when the trainer's gate passed and top-1 accuracy beats the
// untrained agent's; otherwise the sentence names the figure that decided and what the agent keeps.
import { describe, expect, it } from "vitest";
import type { RankingFigures } from "./trainer/agent-ranker";
import { builtInOutcome } from "./training-verdict";

const figures = (top1: number, ndcg10: number): RankingFigures => ({
  pairs: 80,
  top1,
  recall5: 0.5,
  mrr: 0.3,
  ndcg10,
});
const epoch = (n: number, top1: number, ndcg10: number) => ({
  epoch: n,
  trainLoss: 1,
  validation: figures(top1, ndcg10),
  milliseconds: 1,
});

describe("builtInOutcome", () => {
  it("applies the trainer's model when its gate passed and top-1 accuracy beats the untrained agent's", () => {
    const epochs = [epoch(1, 0.25, 0.42), epoch(2, 0.3, 0.45)];
    const outcome = builtInOutcome({
      result: {
        baseline: figures(0.2, 0.4),
        epochs,
        bestEpoch: 2,
        best: figures(0.3, 0.45),
        beatsBaseline: true,
      },
      agentName: "Legal Foundation",
      keptModel: { trainingJobId: "old", name: "Earlier", top1: 0.22 },
    });
    expect(outcome).toEqual({
      bestEpoch: 2,
      best: figures(0.3, 0.45),
      applied: true,
      summary:
        "Applied: 30.0% top-1 accuracy beat the untrained agent's 20.0%; Legal Foundation now ranks its passages with the model of epoch 2.",
      fineTunedModel: null,
      keptModel: null,
    });
  });

  it("does not apply a model whose top-1 accuracy does not beat the untrained agent's, even past the trainer's gate", () => {
    const outcome = builtInOutcome({
      result: {
        baseline: figures(0.2, 0.4),
        epochs: [epoch(1, 0.2, 0.5)],
        bestEpoch: 1,
        best: figures(0.2, 0.5),
        beatsBaseline: true,
      },
      agentName: "Vision Refinement",
      keptModel: null,
    });
    expect(outcome).toMatchObject({ applied: false, bestEpoch: 1, keptModel: null });
    expect(outcome.summary).toBe(
      "Not applied: 20.0% top-1 accuracy did not beat the untrained agent's 20.0%; Vision Refinement keeps its untrained ranking.",
    );
  });

  it("says when top-1 accuracy rose but the ranking as a whole did not improve enough, and what the agent keeps", () => {
    // The trainer kept no epoch (bestEpoch 0): the sentence reports the epoch with the best top-1 accuracy.
    const outcome = builtInOutcome({
      result: {
        baseline: figures(0.2, 0.4),
        epochs: [epoch(1, 0.21, 0.39), epoch(2, 0.24, 0.38), epoch(3, 0.24, 0.395)],
        bestEpoch: 0,
        best: figures(0.2, 0.4),
        beatsBaseline: false,
      },
      agentName: "GTM Strategy",
      keptModel: { trainingJobId: "job-1", name: "Q3 GTM", top1: 0.31 },
    });
    expect(outcome).toMatchObject({
      applied: false,
      bestEpoch: 3,
      best: figures(0.24, 0.395),
      keptModel: { trainingJobId: "job-1", top1: 0.31 },
    });
    expect(outcome.summary).toBe(
      `Not applied: 24.0% top-1 accuracy beat the untrained agent's 20.0%, but the ranking as a whole did not improve by enough to trust (nDCG@10 40.0% untrained, 39.5% trained, on 80 held-out questions); GTM Strategy keeps the model of "Q3 GTM" (31.0% top-1 accuracy).`,
    );
  });
});
