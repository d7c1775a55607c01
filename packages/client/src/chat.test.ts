// The chat client against a real local HTTP server that streams the way the API does: events cut anywhere across
// network chunks, CRLF, multi-line data, heartbeats, an error event, a connection that ends early or goes quiet,
// Stop, and the JSON variants.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ChatMessage } from "@acp/contracts/chat";
import { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ChatStreamError,
  chatModelQueryOptions,
  isChatStreamError,
  sendChatMessage,
  streamChat,
  streamChatMutationOptions,
} from "./chat";
import { conversationKeys } from "./conversations";
import { isHttpError } from "./http-error";

type Received = { method: string; url: string; accept: string; contentType: string; body: string };
type Respond = (
  request: Received,
  response: ServerResponse,
  incoming: IncomingMessage,
) => void | Promise<void>;

let server: Server;
let respond: Respond;
let received: Received[] = [];
let closedEarly = false;
const realFetch = globalThis.fetch;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const request = {
      method: incoming.method ?? "",
      url: incoming.url ?? "",
      accept: incoming.headers.accept ?? "",
      contentType: incoming.headers["content-type"] ?? "",
      body: Buffer.concat(chunks).toString("utf8"),
    };
    received.push(request);
    // The client going away mid-answer is what Stop looks like from the server.
    response.on("close", () => {
      if (!response.writableFinished) closedEarly = true;
    });
    await respond(request, response, incoming);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  globalThis.fetch = (input, init) =>
    realFetch(typeof input === "string" ? new URL(input, base) : input, init);
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  server.closeAllConnections();
  server.close();
  await once(server, "close");
});

beforeEach(() => {
  received = [];
  closedEarly = false;
});

function message(
  overrides: Partial<ChatMessage> & Pick<ChatMessage, "id" | "role" | "content">,
): ChatMessage {
  return {
    conversationId: "c1",
    createdAt: "2026-11-20T10:00:00.000Z",
    sources: [],
    status: "complete",
    model: overrides.role === "assistant" ? "grounded-responder" : null,
    promptTokens: null,
    completionTokens: null,
    error: null,
    trace: null,
    ...overrides,
  };
}

const question = message({ id: "m1", role: "user", content: "What is the renewal term?" });
const answer = message({
  id: "m2",
  role: "assistant",
  content: "Twelve months [1].",
  createdAt: "2026-11-20T10:00:01.000Z",
  sources: [
    {
      number: 1,
      chunkId: "k1",
      documentId: "d1",
      documentName: "contract.pdf",
      location: { kind: "page", page: 3 },
      excerpt: "The term renews for twelve months.",
      score: 0.8,
      relevance: 0.9,
      cited: true,
    },
  ],
});

function sseHead(response: ServerResponse): void {
  response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
  response.flushHeaders();
}

/** Writes `text` in pieces of `size` bytes, each its own network write. */
async function writeInPieces(response: ServerResponse, text: string, size: number): Promise<void> {
  const bytes = Buffer.from(text, "utf8");
  for (let index = 0; index < bytes.length; index += size) {
    response.write(bytes.subarray(index, index + size));
    await sleep(1);
  }
}

function event(name: string, data: unknown): string {
  return `event: ${name}\r\ndata: ${JSON.stringify(data)}\r\n\r\n`;
}

describe("streamChat", () => {
  it("streams tokens from events cut across chunks, with CRLF, multi-line data and heartbeats", async () => {
    respond = async (_request, response) => {
      sseHead(response);
      const stream = [
        ": connected\r\n\r\n",
        event("start", { userMessage: question }),
        ": heartbeat\r\n",
        event("token", { text: "Twelve " }),
        // One JSON value spread over two data lines: the parser joins them with a line break.
        'event: token\r\ndata: {"text":\r\ndata: "months"}\r\n\r\n',
        ": heartbeat\r\n\r\n",
        event("token", { text: " [1]. Überschuss €" }),
        event("done", { message: answer }),
      ].join("");
      await writeInPieces(response, stream, 5);
      response.end();
    };
    const started: ChatMessage[] = [];
    const tokens: string[] = [];
    const result = await streamChat({
      conversationId: "c1",
      message: "What is the renewal term?",
      onStart: (userMessage) => started.push(userMessage),
      onToken: (text) => tokens.push(text),
    });
    expect(result).toEqual({ userMessage: question, message: answer });
    expect(started).toEqual([question]);
    expect(tokens).toEqual(["Twelve ", "months", " [1]. Überschuss €"]);
    expect(received).toEqual([
      {
        method: "POST",
        url: "/api/chat",
        accept: "text/event-stream",
        contentType: "application/json",
        body: JSON.stringify({ conversationId: "c1", message: "What is the renewal term?" }),
      },
    ]);
  });

  it("rejects with the stored failed answer an error event carries", async () => {
    const failed = message({
      id: "m2",
      role: "assistant",
      content: "Twelve",
      status: "failed",
      error: "The chat model is unavailable.",
    });
    respond = async (_request, response) => {
      sseHead(response);
      await writeInPieces(
        response,
        event("start", { userMessage: question }) +
          event("token", { text: "Twelve" }) +
          event("error", { error: "The chat model is unavailable.", message: failed }),
        4,
      );
      response.end();
    };
    const error = await streamChat({ conversationId: "c1", message: "Renewal?" }).catch((e: unknown) => e);
    expect(isChatStreamError(error)).toBe(true);
    expect(error).toMatchObject({
      kind: "failed",
      message: "The chat model is unavailable.",
      userMessage: question,
      storedMessage: failed,
      partial: "Twelve",
    });
  });

  it("counts a connection that ends without done as an error, even after a complete-looking token", async () => {
    respond = async (_request, response) => {
      sseHead(response);
      await writeInPieces(
        response,
        `${event("start", { userMessage: question })}${event("token", { text: "Tw" })}`,
        3,
      );
      // A `done` cut off mid-event: the standard drops an event without its blank line.
      response.end(`event: done\r\ndata: ${JSON.stringify({ message: answer })}`);
    };
    const error = await streamChat({ conversationId: "c1", message: "Renewal?" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatStreamError);
    expect(error).toMatchObject({
      kind: "incomplete",
      partial: "Tw",
      userMessage: question,
      storedMessage: null,
    });
  });

  it("reports an unreadable event instead of guessing", async () => {
    respond = (_request, response) => {
      sseHead(response);
      response.end(`${event("start", { userMessage: question })}event: token\ndata: {"text":\n\n`);
    };
    await expect(streamChat({ conversationId: "c1", message: "Renewal?" })).rejects.toMatchObject({
      kind: "malformed",
    });
  });

  it("rejects a refused request with the API's HttpError", async () => {
    respond = (_request, response) => {
      response.writeHead(404, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ error: "Conversation not found", code: "NOT_FOUND" }));
    };
    const error = await streamChat({ conversationId: "gone", message: "Hello" }).catch((e: unknown) => e);
    expect(isHttpError(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, serverMessage: "Conversation not found" });
  });

  it("stops when aborted: the connection closes and the partial text comes back", async () => {
    const controller = new AbortController();
    respond = async (_request, response) => {
      sseHead(response);
      response.write(event("start", { userMessage: question }));
      for (let index = 0; index < 200 && !response.destroyed; index++) {
        response.write(event("token", { text: "word " }));
        await sleep(10);
      }
      response.end();
    };
    let tokens = 0;
    const pending = streamChat({
      conversationId: "c1",
      message: "Renewal?",
      signal: controller.signal,
      onToken: () => {
        tokens += 1;
        if (tokens === 3) controller.abort();
      },
    }).catch((e: unknown) => e);
    const error = await pending;
    expect(error).toMatchObject({ kind: "stopped", userMessage: question, partial: "word word word " });
    await expect.poll(() => closedEarly).toBe(true);
  });

  it("gives up on a connection gone quiet, but heartbeats keep a slow answer alive", async () => {
    respond = async (request, response) => {
      sseHead(response);
      response.write(event("start", { userMessage: question }));
      if (request.body.includes("quiet")) return; // never writes again
      for (let beat = 0; beat < 6; beat++) {
        await sleep(40);
        response.write(": heartbeat\n\n");
      }
      response.end(event("done", { message: answer }));
    };
    const slow = await streamChat({ conversationId: "c1", message: "slow", idleTimeoutMs: 150 });
    expect(slow.message).toEqual(answer);
    const quiet = await streamChat({ conversationId: "c1", message: "quiet", idleTimeoutMs: 150 }).catch(
      (e: unknown) => e,
    );
    expect(quiet).toMatchObject({ kind: "incomplete", userMessage: question });
  });

  it("accepts a JSON answer from a server that does not stream", async () => {
    respond = (_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ userMessage: question, message: answer }));
    };
    const started: ChatMessage[] = [];
    const result = await streamChat({
      conversationId: "c1",
      message: "Renewal?",
      onStart: (userMessage) => started.push(userMessage),
    });
    expect(result).toEqual({ userMessage: question, message: answer });
    expect(started).toEqual([question]);
  });
});

describe("sendChatMessage and the model info", () => {
  it("posts the question as JSON without asking for a stream", async () => {
    respond = (_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ userMessage: question, message: answer }));
    };
    await expect(sendChatMessage({ conversationId: "c1", message: "Renewal?" })).resolves.toEqual({
      userMessage: question,
      message: answer,
    });
    expect(received[0]).toMatchObject({ method: "POST", url: "/api/chat", contentType: "application/json" });
    expect(received[0]?.accept).not.toContain("text/event-stream");
  });

  it("reads which model answers", async () => {
    respond = (_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ provider: "offline", model: "grounded-responder", offline: true }));
    };
    const client = new QueryClient();
    await expect(client.fetchQuery(chatModelQueryOptions())).resolves.toEqual({
      provider: "offline",
      model: "grounded-responder",
      offline: true,
    });
    expect(received.map((request) => `${request.method} ${request.url}`)).toEqual(["GET /api/chat/model"]);
  });
});

describe("streamChatMutationOptions", () => {
  const run = (client: QueryClient, input: Parameters<typeof streamChat>[0]) =>
    client.getMutationCache().build(client, streamChatMutationOptions()).execute(input);

  it("adds both stored messages to the conversation's cache and refreshes the lists", async () => {
    respond = (_request, response) => {
      sseHead(response);
      response.end(event("start", { userMessage: question }) + event("done", { message: answer }));
    };
    const client = new QueryClient();
    const earlier = message({ id: "m0", role: "user", content: "Hi", createdAt: "2026-11-20T09:00:00.000Z" });
    client.setQueryData(conversationKeys.messages("c1"), [earlier]);
    client.setQueryData(conversationKeys.list({ agentType: "gtm" }), []);
    await run(client, { conversationId: "c1", message: "Renewal?" });
    expect(client.getQueryData(conversationKeys.messages("c1"))).toEqual([earlier, question, answer]);
    expect(client.getQueryState(conversationKeys.list({ agentType: "gtm" }))?.isInvalidated).toBe(true);
  });

  it("keeps the answer when a read of the messages begun before it was stored returns after it", async () => {
    respond = (_request, response) => {
      sseHead(response);
      response.end(event("start", { userMessage: question }) + event("done", { message: answer }));
    };
    const client = new QueryClient();
    // A new conversation's messages, read as it opened: the server answers [] after the answer was stored.
    let finishRead: (messages: ChatMessage[]) => void = () => {};
    const read = client.fetchQuery({
      queryKey: conversationKeys.messages("c9"),
      queryFn: () => new Promise<ChatMessage[]>((resolve) => (finishRead = resolve)),
    });
    await run(client, { conversationId: "c9", message: "Renewal?" });
    finishRead([]);
    await read.catch(() => undefined);
    await sleep(10);
    expect(client.getQueryData(conversationKeys.messages("c9"))).toEqual([question, answer]);
  });

  it("keeps what a failed stream stored and marks the conversation's messages for a refetch", async () => {
    const failed = message({ id: "m2", role: "assistant", content: "", status: "failed", error: "Down" });
    respond = (_request, response) => {
      sseHead(response);
      response.end(
        event("start", { userMessage: question }) + event("error", { error: "Down", message: failed }),
      );
    };
    const client = new QueryClient();
    client.setQueryData(conversationKeys.messages("c1"), []);
    await expect(run(client, { conversationId: "c1", message: "Renewal?" })).rejects.toMatchObject({
      kind: "failed",
    });
    expect(client.getQueryData(conversationKeys.messages("c1"))).toEqual([question, failed]);
    expect(client.getQueryState(conversationKeys.messages("c1"))?.isInvalidated).toBe(true);
  });
});
