// The event-stream response: heartbeats while the producer is quiet, events in order, and the client going away.
import { describe, expect, it } from "vitest";
import { eventStreamResponse, HEARTBEAT_MS } from "./event-stream";
import { SERVER_TIMEOUTS } from "./http-server";

describe("eventStreamResponse", () => {
  it("sends heartbeat comments while the producer is quiet, then its events, then ends", async () => {
    const response = eventStreamResponse({
      heartbeatMs: 20,
      produce: async (sink) => {
        await new Promise((resolve) => setTimeout(resolve, 110));
        sink.send("token", { text: "Hello" });
        sink.send("done", { message: null });
      },
    });
    const text = await response.text();
    expect(text.startsWith(": stream open\n\n")).toBe(true);
    expect(text.match(/: heartbeat\n\n/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(
      text.endsWith('event: token\ndata: {"text":"Hello"}\n\nevent: done\ndata: {"message":null}\n\n'),
    ).toBe(true);
  });

  it("beats well inside the server's idle-socket timeout", () => {
    expect(HEARTBEAT_MS * 4).toBeLessThanOrEqual(SERVER_TIMEOUTS.idleSocketMs);
  });

  it("aborts the producer's signal when the client cancels the stream, and stops beating", async () => {
    let aborted = false;
    let sentAfterCancel = 0;
    const response = eventStreamResponse({
      heartbeatMs: 10,
      produce: async (sink) => {
        await new Promise<void>((resolve) => sink.signal.addEventListener("abort", () => resolve()));
        aborted = true;
        sink.send("token", { text: "late" });
        sentAfterCancel += 1;
      },
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(aborted).toBe(true);
    expect(sentAfterCancel).toBe(1);
  });

  it("aborts the producer when the given signal aborts (shutdown)", async () => {
    const shutdown = new AbortController();
    let reason: unknown;
    const response = eventStreamResponse({
      signal: shutdown.signal,
      produce: async (sink) => {
        await new Promise<void>((resolve) => sink.signal.addEventListener("abort", () => resolve()));
        reason = sink.signal.reason;
      },
    });
    const reading = response.text();
    shutdown.abort(new Error("shutting down"));
    await reading;
    expect((reason as Error).message).toBe("shutting down");
  });
});
