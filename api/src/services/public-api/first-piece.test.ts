// startAnswer: ready at the first piece, at the end, or after the wait, whichever comes first; held pieces replayed in order.
import { describe, expect, it } from "vitest";
import type { GroundedAnswer } from "../chat/grounded-answer";
import { startAnswer } from "./first-piece";

const answer = (content: string): GroundedAnswer => ({
  content,
  sources: [],
  status: "complete",
  model: "test",
  promptTokens: 1,
  completionTokens: 1,
  finishReason: "stop",
  trace: null,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("startAnswer", () => {
  it("is ready at the first piece, and replays the pieces written before attach in order", async () => {
    let write: (text: string) => void = () => undefined;
    let finish: () => void = () => undefined;
    const started = startAnswer(
      (onPiece) =>
        new Promise((resolve) => {
          write = onPiece;
          finish = () => resolve(answer("one two three"));
        }),
      10_000,
    );
    write("one");
    await started.ready;
    expect(started.settled).toBe(false);
    write(" two");
    expect(started.pieces).toBe(2);
    const seen: string[] = [];
    started.attach((text) => seen.push(text));
    write(" three");
    finish();
    await started.answer;
    expect(seen).toEqual(["one", " two", " three"]);
    expect(started.settled).toBe(true);
  });

  it("is ready when the answer ends without a piece, failed or not", async () => {
    const failed = startAnswer(async () => ({ ...answer(""), status: "failed" }), 10_000);
    await failed.ready;
    expect(failed.settled).toBe(true);
    expect(failed.pieces).toBe(0);
    const broken = startAnswer(async () => {
      throw new Error("bug");
    }, 10_000);
    await broken.ready;
    expect(broken.settled).toBe(true);
    await expect(broken.answer).rejects.toThrow("bug");
  });

  it("is ready after the wait when the first piece is slow", async () => {
    const started = startAnswer(async () => {
      await sleep(300);
      return answer("late");
    }, 30);
    const before = performance.now();
    await started.ready;
    expect(performance.now() - before).toBeLessThan(250);
    expect(started.settled).toBe(false);
    expect(started.pieces).toBe(0);
    await started.answer;
  });
});
