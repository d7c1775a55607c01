// Starts an answer and lets the caller wait for its first piece, so a failure before any word can still be an HTTP status.
import type { GroundedAnswer } from "../chat/grounded-answer";

type StartedAnswer = {
  /** The answer, as the pipeline returns it (a provider failure inside, not a rejection). */
  answer: Promise<GroundedAnswer>;
  /** Resolves once the first piece is written, the answer settles, or the wait is over: whichever comes first. */
  ready: Promise<void>;
  /** Whether the answer has settled (resolved or rejected). */
  readonly settled: boolean;
  /** Pieces written so far. */
  readonly pieces: number;
  /** Hands every piece written so far to `onPiece`, then each later one as it is written. */
  attach(onPiece: (text: string) => void): void;
};

/**
 * Runs `run` at once, holding its pieces until `attach`. The OpenAI-compatible stream waits on `ready` before it
 * answers: a model that fails before writing anything (busy, down, refusing the key) is answered with its status and
 * Retry-After, as OpenAI's own API does, while a slow first piece opens the stream after `waitMs` so heartbeats flow.
 */
export function startAnswer(
  run: (onPiece: (text: string) => void) => Promise<GroundedAnswer>,
  waitMs: number,
): StartedAnswer {
  const held: string[] = [];
  let forward: ((text: string) => void) | undefined;
  let settled = false;
  let pieces = 0;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const timer = setTimeout(markReady, waitMs);
  void ready.then(() => clearTimeout(timer));
  const answer = run((text) => {
    pieces += 1;
    if (forward) forward(text);
    else held.push(text);
    markReady();
  });
  const settle = () => {
    settled = true;
    markReady();
  };
  answer.then(settle, settle);
  return {
    answer,
    ready,
    get settled() {
      return settled;
    },
    get pieces() {
      return pieces;
    },
    attach(onPiece) {
      for (const text of held.splice(0)) onPiece(text);
      forward = onPiece;
    },
  };
}
