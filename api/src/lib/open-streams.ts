// Open streaming responses (SSE, long downloads) registered so shutdown can end them at once instead of waiting.

export type OpenStream = {
  /** Aborted when the process shuts down (reason: a ShutdownError) or the stream is closed by `done()`. */
  readonly signal: AbortSignal;
  /** Call when the stream ends on its own, so the registry forgets it. */
  done: () => void;
};

export type StreamRegistry = {
  /** Registers a stream; pass the request's own signal so a client that goes away aborts it too. */
  open: (options?: { signal?: AbortSignal }) => OpenStream;
  /** Aborts every open stream (shutdown); streams opened afterwards start aborted. */
  abortAll: (reason?: unknown) => void;
  readonly size: number;
};

export class ShutdownError extends Error {
  override name = "ShutdownError";
  constructor() {
    super("The server is shutting down");
  }
}

export function createStreamRegistry(): StreamRegistry {
  const open = new Set<AbortController>();
  let shutdownReason: unknown;
  return {
    open: ({ signal } = {}) => {
      const controller = new AbortController();
      const done = () => {
        open.delete(controller);
        signal?.removeEventListener("abort", onClientGone);
      };
      const onClientGone = () => {
        controller.abort(signal?.reason);
        done();
      };
      if (shutdownReason !== undefined) controller.abort(shutdownReason);
      else if (signal?.aborted) controller.abort(signal.reason);
      else {
        open.add(controller);
        signal?.addEventListener("abort", onClientGone, { once: true });
      }
      return { signal: controller.signal, done };
    },
    abortAll: (reason = new ShutdownError()) => {
      shutdownReason = reason;
      for (const controller of open) controller.abort(reason);
      open.clear();
    },
    get size() {
      return open.size;
    },
  };
}
