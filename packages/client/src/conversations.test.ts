// Conversations against a real local HTTP server: the agent filters on the list, create / rename / delete with
// what each refreshes, and keys that keep every conversation's messages apart from the lists.
import type { ChatConversation } from "@acp/contracts/chat";
import { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  conversationKeys,
  conversationsQueryOptions,
  createConversationMutationOptions,
  deleteConversationMutationOptions,
  messagesQueryOptions,
  renameConversationMutationOptions,
} from "./conversations";
import { startTestApiServer, type TestApiServer } from "./test-api-server";

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApiServer();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

function conversation(overrides: Partial<ChatConversation> & { id: string }): ChatConversation {
  return {
    agentType: "gtm",
    title: "New GTM Conversation",
    customAgentId: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

const mutate = <TInput>(client: QueryClient, options: object, input: TInput) =>
  client.getMutationCache().build(client, options).execute(input);

describe("conversation keys", () => {
  it("keep lists and messages under fixed segments, so no conversation id can look like a list", () => {
    expect(conversationKeys.messages("list")).toEqual(["conversations", "messages", "list"]);
    expect(messagesQueryOptions("c/1").queryKey).toEqual(["conversations", "messages", "c/1"]);
    expect(conversationsQueryOptions({ agentType: "gtm" }).queryKey).toEqual(
      conversationKeys.list({ agentType: "gtm" }),
    );
    expect(conversationKeys.list({ agentType: "gtm" }).slice(0, 2)).toEqual(conversationKeys.lists());
    expect(conversationKeys.messages("c1").slice(0, 2)).not.toEqual(conversationKeys.lists());
  });
});

describe("conversations", () => {
  it("lists one agent's conversations by type or by custom agent", async () => {
    api.handle((request) =>
      request.url.startsWith("/api/conversations") ? { status: 200, body: [] } : undefined,
    );
    const client = new QueryClient();
    await client.fetchQuery(conversationsQueryOptions());
    await client.fetchQuery(conversationsQueryOptions({ agentType: "legal" }));
    await client.fetchQuery(conversationsQueryOptions({ agentType: "custom", customAgentId: "a/1" }));
    expect(api.requests.map((request) => request.url)).toEqual([
      "/api/conversations",
      "/api/conversations?agentType=legal",
      "/api/conversations?agentType=custom&customAgentId=a%2F1",
    ]);
  });

  it("reads a conversation's messages", async () => {
    api.handle((request) =>
      request.url === "/api/conversations/c%2F1/messages" ? { status: 200, body: [] } : undefined,
    );
    await expect(new QueryClient().fetchQuery(messagesQueryOptions("c/1"))).resolves.toEqual([]);
  });

  it("creates a conversation and refreshes every list, not the messages", async () => {
    const created = conversation({ id: "c9" });
    api.handle((request) =>
      request.method === "POST" && request.url === "/api/conversations"
        ? { status: 201, body: created }
        : undefined,
    );
    const client = new QueryClient();
    client.setQueryData(conversationKeys.list({ agentType: "gtm" }), []);
    client.setQueryData(conversationKeys.list({ agentType: "legal" }), []);
    client.setQueryData(conversationKeys.messages("c1"), []);
    await expect(
      mutate(client, createConversationMutationOptions(), {
        agentType: "gtm",
        title: "New GTM Conversation",
      }),
    ).resolves.toEqual(created);
    expect(JSON.parse(api.requests[0]?.body ?? "")).toEqual({
      agentType: "gtm",
      title: "New GTM Conversation",
    });
    expect(client.getQueryState(conversationKeys.list({ agentType: "gtm" }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(conversationKeys.list({ agentType: "legal" }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(conversationKeys.messages("c1"))?.isInvalidated).toBe(false);
  });

  it("renames with PATCH { title }", async () => {
    const renamed = conversation({ id: "c1", title: "Pricing" });
    api.handle((request) =>
      request.method === "PATCH" && request.url === "/api/conversations/c1"
        ? { status: 200, body: renamed }
        : undefined,
    );
    const client = new QueryClient();
    client.setQueryData(conversationKeys.list({ agentType: "gtm" }), []);
    await expect(
      mutate(client, renameConversationMutationOptions(), { id: "c1", title: "Pricing" }),
    ).resolves.toEqual(renamed);
    expect(JSON.parse(api.requests[0]?.body ?? "")).toEqual({ title: "Pricing" });
    expect(client.getQueryState(conversationKeys.list({ agentType: "gtm" }))?.isInvalidated).toBe(true);
  });

  it("deletes: the messages' cache entry goes and the lists refresh", async () => {
    api.handle((request) =>
      request.method === "DELETE" && request.url === "/api/conversations/c1" ? { status: 204 } : undefined,
    );
    const client = new QueryClient();
    client.setQueryData(conversationKeys.list({ agentType: "gtm" }), [conversation({ id: "c1" })]);
    client.setQueryData(conversationKeys.messages("c1"), []);
    client.setQueryData(conversationKeys.messages("c2"), []);
    await mutate(client, deleteConversationMutationOptions(), "c1");
    expect(client.getQueryData(conversationKeys.messages("c1"))).toBeUndefined();
    expect(client.getQueryData(conversationKeys.messages("c2"))).toEqual([]);
    expect(client.getQueryState(conversationKeys.list({ agentType: "gtm" }))?.isInvalidated).toBe(true);
  });

  it("turns a refused change into an HttpError with the server's sentence", async () => {
    api.handle(() => ({ status: 404, body: { error: "Conversation not found", code: "NOT_FOUND" } }));
    await expect(
      mutate(new QueryClient(), renameConversationMutationOptions(), { id: "gone", title: "x" }),
    ).rejects.toMatchObject({ status: 404, serverMessage: "Conversation not found" });
  });
});
