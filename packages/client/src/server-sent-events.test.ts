// The event-stream parser: line endings of every kind and split anywhere, multi-line data, comments, and what the
// standard drops (events without data, an event cut off by the end of the stream).
import { describe, expect, it } from "vitest";
import { readServerSentEvents, type ServerSentEvent, ServerSentEventParser } from "./server-sent-events";

/** Feeds `text` in pieces of `size` characters, as a network might deliver it. */
function parseInPieces(text: string, size: number): ServerSentEvent[] {
  const parser = new ServerSentEventParser();
  const events: ServerSentEvent[] = [];
  for (let index = 0; index < text.length; index += size)
    events.push(...parser.feed(text.slice(index, index + size)));
  events.push(...parser.end());
  return events;
}

const STREAM = [
  ": heartbeat",
  "event: start",
  'data: {"n":1}',
  "",
  ":",
  "event: token",
  "data:no space after the colon",
  "data:  two spaces keep one",
  "",
  "id: 7",
  "retry: 1000",
  "unknown: field",
  "data",
  "",
  "event: done",
  "data: last",
  "",
  "",
].join("\n");

const EXPECTED: ServerSentEvent[] = [
  { event: "start", data: '{"n":1}' },
  { event: "token", data: "no space after the colon\n two spaces keep one" },
  { event: "message", data: "" },
  { event: "done", data: "last" },
];

describe("ServerSentEventParser", () => {
  it.each([
    ["LF", "\n"],
    ["CRLF", "\r\n"],
    ["CR", "\r"],
  ])("reads %s line endings, whichever piece size the network uses", (_name, newline) => {
    const text = STREAM.replaceAll("\n", newline);
    for (const size of [1, 2, 3, 7, text.length]) expect(parseInPieces(text, size)).toEqual(EXPECTED);
  });

  it("treats a CRLF split between two chunks as one line ending, not two", () => {
    const parser = new ServerSentEventParser();
    expect(parser.feed("data: a\r")).toEqual([]);
    expect(parser.feed("\ndata: b\r")).toEqual([]);
    expect(parser.feed("\n\r")).toEqual([]);
    expect(parser.feed("\n")).toEqual([{ event: "message", data: "a\nb" }]);
  });

  it("ends an event at a final CR the stream closes on, and drops an event the end cut off", () => {
    const parser = new ServerSentEventParser();
    expect(parser.feed("data: whole\r\r")).toEqual([]);
    expect(parser.end()).toEqual([{ event: "message", data: "whole" }]);
    const cut = new ServerSentEventParser();
    expect(cut.feed("event: done\ndata: half")).toEqual([]);
    expect(cut.end()).toEqual([]);
  });

  it("fires nothing for an event without data and forgets its name", () => {
    expect(parseInPieces("event: token\n\ndata: x\n\n", 4)).toEqual([{ event: "message", data: "x" }]);
  });
});

describe("readServerSentEvents", () => {
  it("decodes characters split across chunks and yields events as they complete", async () => {
    const bytes = new TextEncoder().encode('event: token\r\ndata: {"text":"Überschuss €"}\r\n\r\n: ping\r\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    let activity = 0;
    const events: ServerSentEvent[] = [];
    for await (const event of readServerSentEvents(body, { onActivity: () => activity++ }))
      events.push(event);
    expect(events).toEqual([{ event: "token", data: '{"text":"Überschuss €"}' }]);
    expect(activity).toBe(bytes.length);
  });

  it("cancels the body when the reader stops early", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("data: one\n\ndata: two\n\n"));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const event of readServerSentEvents(body)) {
      expect(event.data).toBe("one");
      break;
    }
    expect(cancelled).toBe(true);
  });
});
