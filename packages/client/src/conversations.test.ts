// Conversations: sending a message refetches that conversation's messages only, and a new conversation refetches
// the list but not anyone's messages.
import { MutationObserver, QueryObserver } from "@tanstack/react-query";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  conversationKeys,
  conversationsQueryOptions,
  createConversationMutationOptions,
  messagesQueryOptions,
  sendMessageMutationOptions,
} from "./conversations";
import { createQueryClient } from "./query-client";
import { startTestApiServer, type TestApiServer } from "./test-api-server";

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApiServer();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const gets = (url: string) => api.requests.filter((r) => r.method === "GET" && r.url === url).length;

describe("conversations", () => {
  it("keys messages under their conversation", () => {
    expect(conversationKeys.messages("c/1")).toEqual(["conversations", "c/1", "messages"]);
    expect(messagesQueryOptions("c1").queryKey).toEqual(["conversations", "c1", "messages"]);
  });

  it("refetches exactly what a change affects", async () => {
    api.handle(({ method, url }) =>
      method === "GET" && url === "/api/conversations" ? { status: 200, body: [] } : undefined,
    );
    api.handle(({ method, url }) =>
      method === "GET" && url.startsWith("/api/conversations/") ? { status: 200, body: [] } : undefined,
    );
    api.handle(({ method, url }) =>
      method === "POST" && url === "/api/chat" ? { status: 200, body: {} } : undefined,
    );
    api.handle(({ method, url }) =>
      method === "POST" && url === "/api/conversations"
        ? { status: 201, body: { id: "c2", agentType: "gtm", title: "New GTM Conversation" } }
        : undefined,
    );
    const client = createQueryClient();
    const observers = [
      new QueryObserver(client, conversationsQueryOptions()),
      new QueryObserver(client, messagesQueryOptions("c1")),
      new QueryObserver(client, messagesQueryOptions("c9")),
    ];
    const stop = observers.map((observer) => observer.subscribe(() => {}));
    await vi.waitFor(() => expect(observers.every((o) => o.getCurrentResult().isSuccess)).toBe(true));

    await new MutationObserver(client, sendMessageMutationOptions()).mutate({
      conversationId: "c1",
      message: "Hi",
    });
    expect([
      gets("/api/conversations"),
      gets("/api/conversations/c1/messages"),
      gets("/api/conversations/c9/messages"),
    ]).toEqual([1, 2, 1]);

    await new MutationObserver(client, createConversationMutationOptions()).mutate({
      agentType: "gtm",
      title: "New GTM Conversation",
    });
    expect([
      gets("/api/conversations"),
      gets("/api/conversations/c1/messages"),
      gets("/api/conversations/c9/messages"),
    ]).toEqual([2, 2, 1]);
    for (const unsubscribe of stop) unsubscribe();
  });
});
