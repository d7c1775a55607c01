// Test helper: the chat API at the network edge (a stubbed `fetch`) with its state: conversations, their messages,
// the model info, documents, and POST /api/chat answered as an event stream the test writes event by event. Like
// the real server it stores the question at `start`, the answer at `done`, and the partial answer, marked stopped,
// when the client aborts.
import type { ChatConversation, ChatMessage, ChatModelInfo } from "@acp/contracts/chat";
import type { DocumentDetail } from "@acp/contracts/knowledge";
import { vi } from "vitest";
import { chatMessage } from "./fixtures";

export type SentRequest = { method: string; url: string; body: unknown; accept: string | null };
export type Answer = { status: number; body?: unknown };

/** One POST /api/chat: the test writes its events; `aborted` tells whether the client stopped it. */
export type ChatStreamControl = {
  request: { conversationId: string; message: string };
  aborted: boolean;
  start: () => ChatMessage;
  token: (text: string) => void;
  /** Ends with `done`: the stored answer (defaults: the tokens so far, complete). */
  done: (overrides?: Partial<ChatMessage>) => ChatMessage;
  error: (error: string, stored: Partial<ChatMessage> | null) => void;
  /** Writes raw text (to test comments and chunking). */
  raw: (text: string) => void;
  /** Ends the connection without a final event. */
  close: () => void;
};

export type FakeChatApiOptions = {
  conversations?: ChatConversation[];
  messages?: Record<string, ChatMessage[]>;
  model?: ChatModelInfo;
  documents?: Record<string, DocumentDetail>;
  /** Answers that replace the fake's own for one route, e.g. `{ "POST /api/conversations": { status: 500 } }`. */
  failures?: Record<string, Answer>;
};

function parseBody(body: unknown): unknown {
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function json(answer: Answer): Response {
  return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
    status: answer.status,
    headers: answer.body === undefined ? {} : { "Content-Type": "application/json" },
  });
}

export function fakeChatApi(options: FakeChatApiOptions = {}) {
  const conversations = [...(options.conversations ?? [])];
  const messages: Record<string, ChatMessage[]> = structuredClone(options.messages ?? {});
  const model = options.model ?? { provider: "offline", model: "grounded-responder", offline: true };
  const documents = options.documents ?? {};
  const failures = options.failures ?? {};
  const requests: SentRequest[] = [];
  const streams: ChatStreamControl[] = [];
  let nextId = 100;

  const store = (message: ChatMessage) => {
    messages[message.conversationId] = [...(messages[message.conversationId] ?? []), message];
    return message;
  };

  function openStream(request: { conversationId: string; message: string }, signal: AbortSignal | undefined) {
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let open = true;
    let userMessage: ChatMessage | null = null;
    let answer = "";
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const write = (text: string) => {
      if (open) controller.enqueue(encoder.encode(text));
    };
    const send = (event: string, data: unknown) =>
      write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    const finish = () => {
      if (open) controller.close();
      open = false;
    };
    const answerMessage = (overrides: Partial<ChatMessage>) =>
      chatMessage({
        id: String(nextId++),
        conversationId: request.conversationId,
        role: "assistant",
        content: answer,
        createdAt: new Date(Date.now() + 1).toISOString(),
        ...overrides,
      });
    const control: ChatStreamControl = {
      request,
      aborted: false,
      start: () => {
        userMessage = store(
          chatMessage({
            id: String(nextId++),
            conversationId: request.conversationId,
            role: "user",
            content: request.message,
            createdAt: new Date().toISOString(),
          }),
        );
        send("start", { userMessage });
        return userMessage;
      },
      token: (text) => {
        answer += text;
        send("token", { text });
      },
      done: (overrides = {}) => {
        const stored = store(answerMessage(overrides));
        send("done", { message: stored });
        finish();
        return stored;
      },
      error: (error, stored) => {
        const message = stored ? store(answerMessage({ status: "failed", error, ...stored })) : null;
        send("error", { error, message });
        finish();
      },
      raw: write,
      close: finish,
    };
    signal?.addEventListener("abort", () => {
      control.aborted = true;
      // What the server does when the client goes away mid-answer: keep the partial answer, marked stopped.
      if (open && userMessage) {
        store(answerMessage({ status: "stopped", error: "Stopped before the answer was finished." }));
      }
      if (open) controller.error(new DOMException("The operation was aborted.", "AbortError"));
      open = false;
    });
    streams.push(control);
    return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
  }

  function answer(method: string, path: string, search: URLSearchParams, body: unknown): Answer {
    if (method === "GET" && path === "/api/conversations") {
      const agentType = search.get("agentType");
      const customAgentId = search.get("customAgentId");
      return {
        status: 200,
        body: conversations.filter(
          (item) =>
            (agentType === null || item.agentType === agentType) &&
            (customAgentId === null || item.customAgentId === customAgentId),
        ),
      };
    }
    if (method === "POST" && path === "/api/conversations") {
      const input = body as { agentType: string; title: string; customAgentId?: string };
      const created: ChatConversation = {
        id: String(nextId++),
        agentType: input.agentType,
        title: input.title,
        customAgentId: input.customAgentId ?? null,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      };
      conversations.unshift(created);
      return { status: 201, body: created };
    }
    const one = /^\/api\/conversations\/([^/]+)$/.exec(path);
    if (one) {
      const id = decodeURIComponent(one[1] ?? "");
      const index = conversations.findIndex((item) => item.id === id);
      if (index < 0) return { status: 404, body: { error: "Conversation not found", code: "NOT_FOUND" } };
      if (method === "PATCH") {
        const renamed = {
          ...conversations[index],
          title: (body as { title: string }).title,
        } as ChatConversation;
        conversations[index] = renamed;
        return { status: 200, body: renamed };
      }
      if (method === "DELETE") {
        conversations.splice(index, 1);
        delete messages[id];
        return { status: 204 };
      }
    }
    const list = /^\/api\/conversations\/([^/]+)\/messages$/.exec(path);
    if (method === "GET" && list)
      return { status: 200, body: messages[decodeURIComponent(list[1] ?? "")] ?? [] };
    if (method === "GET" && path === "/api/chat/model") return { status: 200, body: model };
    const document = /^\/api\/documents\/([^/]+)$/.exec(path);
    if (method === "GET" && document) {
      const detail = documents[decodeURIComponent(document[1] ?? "")];
      return detail
        ? { status: 200, body: detail }
        : { status: 404, body: { error: "Document not found", code: "NOT_FOUND" } };
    }
    return { status: 404, body: { error: `No route ${method} ${path}`, code: "NOT_FOUND" } };
  }

  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = init.method ?? "GET";
    const headers = new Headers(init.headers);
    const body = parseBody(init.body);
    requests.push({ method, url, body, accept: headers.get("Accept") });
    const parsed = new URL(url, "http://app.test");
    const failure = failures[`${method} ${parsed.pathname}`];
    if (failure) return json(failure);
    if (method === "POST" && parsed.pathname === "/api/chat") {
      return openStream(body as { conversationId: string; message: string }, init.signal ?? undefined);
    }
    return json(answer(method, parsed.pathname, parsed.searchParams, body));
  });

  return {
    requests,
    streams,
    conversations,
    messages,
    /** The requests of one method and path, e.g. `sent("POST", "/api/conversations")`. */
    sent: (method: string, path: string) =>
      requests.filter(
        (request) => request.method === method && new URL(request.url, "http://app.test").pathname === path,
      ),
  };
}
