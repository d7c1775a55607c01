// Conversations: each conversation's messages live under their own key, so a change to one refetches only it.
import { describe, expect, it } from "vitest";
import { conversationKeys, conversationsQueryOptions, messagesQueryOptions } from "./conversations";

describe("conversations", () => {
  it("keys messages under their conversation", () => {
    expect(conversationKeys.messages("c/1")).toEqual(["conversations", "c/1", "messages"]);
    expect(messagesQueryOptions("c1").queryKey).toEqual(["conversations", "c1", "messages"]);
    expect(conversationsQueryOptions().queryKey).toEqual(conversationKeys.list());
  });
});
