// A server-sent events reader for fetch responses (EventSource cannot POST or send our headers), following the
// WHATWG event-stream rules: any line ending (CRLF, LF, CR, even split across chunks), multi-line data, comments.

export type ServerSentEvent = {
  /** The `event:` field; "message" when the event named none. */
  event: string;
  /** The `data:` lines joined with "\n". */
  data: string;
};

/**
 * Incremental parser: feed it decoded text as it arrives and it returns the events completed so far. A blank line
 * ends an event; comment lines (":" first, the server's heartbeats) and `id:` / `retry:` fields are skipped.
 */
export class ServerSentEventParser {
  private buffer = "";
  private eventType = "";
  private dataLines: string[] = [];

  feed(text: string): ServerSentEvent[] {
    this.buffer += text;
    return this.drain(false);
  }

  /**
   * The stream ended. Whatever is left is read as a last line; an event without its terminating blank line is
   * dropped, as the standard says: it may be cut short.
   */
  end(): ServerSentEvent[] {
    const events = this.drain(true);
    this.eventType = "";
    this.dataLines = [];
    return events;
  }

  private drain(atEnd: boolean): ServerSentEvent[] {
    const events: ServerSentEvent[] = [];
    let start = 0;
    for (;;) {
      const lineEnd = nextLineEnd(this.buffer, start);
      if (lineEnd < 0) break;
      // A CR at the very end may be the first half of a CRLF whose LF is in the next chunk: wait for it.
      if (this.buffer[lineEnd] === "\r" && lineEnd === this.buffer.length - 1 && !atEnd) break;
      const event = this.readLine(this.buffer.slice(start, lineEnd));
      if (event) events.push(event);
      start = lineEnd + (this.buffer[lineEnd] === "\r" && this.buffer[lineEnd + 1] === "\n" ? 2 : 1);
    }
    this.buffer = this.buffer.slice(start);
    if (atEnd && this.buffer !== "") {
      this.readLine(this.buffer);
      this.buffer = "";
    }
    return events;
  }

  private readLine(line: string): ServerSentEvent | undefined {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.eventType = value;
    else if (field === "data") this.dataLines.push(value);
    return undefined;
  }

  private dispatch(): ServerSentEvent | undefined {
    const event = this.eventType || "message";
    const lines = this.dataLines;
    this.eventType = "";
    this.dataLines = [];
    // The standard fires nothing for an event without data (e.g. only `event:` or `id:` lines).
    if (lines.length === 0) return undefined;
    return { event, data: lines.join("\n") };
  }
}

function nextLineEnd(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (char === "\n" || char === "\r") return index;
  }
  return -1;
}

/** Options of readServerSentEvents. */
export type ReadEventsOptions = {
  /** Called for every chunk of bytes, heartbeats included: lets a caller notice a connection gone quiet. */
  onActivity?: () => void;
};

/**
 * The events of a response body as they arrive. Stopping the iteration early (break, return, a throw in the loop)
 * cancels the body, which closes the connection.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  { onActivity }: ReadEventsOptions = {},
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new ServerSentEventParser();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onActivity?.();
      // stream: true keeps a multi-byte character split across chunks whole.
      yield* parser.feed(decoder.decode(value, { stream: true }));
    }
    finished = true;
    yield* parser.feed(decoder.decode());
    yield* parser.end();
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
