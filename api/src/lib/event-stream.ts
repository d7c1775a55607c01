// A server-sent events response that survives proxies: no buffering or transformation, heartbeat comments, and a
// signal that tells the producer when the client went away.

/** Well inside the server's 2-minute idle-socket timeout (lib/http-server.ts) and common proxies' 60 s read timeouts. */
export const HEARTBEAT_MS = 15_000;

export type EventSink = {
  /** Sends one event; ignored once the client is gone (a shutdown still lets the final event through). */
  send: (event: string, data: unknown) => void;
  /** Sends one unnamed event whose data is `text` as is (OpenAI's stream: JSON chunks, then `[DONE]`); no newlines. */
  data: (text: string) => void;
  /** Aborted when the client disconnects (the stream is cancelled) or `signal` given to the response aborts. */
  readonly signal: AbortSignal;
};

/**
 * Streams events from `produce`; the response ends when it settles. A rejection is the caller's to turn into an
 * `error` event first: here it only ends the stream.
 */
export function eventStreamResponse({
  produce,
  signal,
  heartbeatMs = HEARTBEAT_MS,
}: {
  produce: (sink: EventSink) => Promise<void>;
  /** The request's own abort (client gone) or a shutdown. */
  signal?: AbortSignal;
  heartbeatMs?: number;
}): Response {
  const encoder = new TextEncoder();
  const gone = new AbortController();
  const onOuterAbort = () => gone.abort(signal?.reason);
  signal?.addEventListener("abort", onOuterAbort, { once: true });
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    clearInterval(heartbeat);
    signal?.removeEventListener("abort", onOuterAbort);
  };
  // Only a client that went away stops the writing: on a shutdown the producer still sends its final event.
  let clientGone = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const write = (text: string) => {
        if (!open || clientGone) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          open = false;
        }
      };
      // A first line at once: headers and a byte reach the client (and any proxy) before the first token.
      write(": stream open\n\n");
      heartbeat = setInterval(() => write(": heartbeat\n\n"), heartbeatMs);
      const sink: EventSink = {
        send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
        data: (text) => write(`data: ${text}\n\n`),
        signal: gone.signal,
      };
      void produce(sink)
        .catch(() => undefined)
        .finally(() => {
          stop();
          if (!open) return;
          open = false;
          try {
            controller.close();
          } catch {
            // Already cancelled by the client.
          }
        });
    },
    cancel(reason) {
      clientGone = true;
      stop();
      gone.abort(reason ?? new Error("The client closed the stream"));
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: proxies must not compress (and so buffer) the stream; nginx reads X-Accel-Buffering.
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
