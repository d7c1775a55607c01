// Spec section 4's selection rule and the titles of new conversations.
import { describe, expect, it } from "vitest";
import { selectConversation } from "./conversation-selection";
import { newConversationTitle } from "./conversation-title";

const list = [{ id: "9" }, { id: "1" }, { id: "4" }];

describe("selectConversation", () => {
  it("opens the conversation with id 1 when present, else the first", () => {
    expect(selectConversation(list, null)?.id).toBe("1");
    expect(selectConversation([{ id: "9" }, { id: "4" }], null)?.id).toBe("9");
    expect(selectConversation([], null)).toBeUndefined();
  });

  it("keeps the user's pick while it exists, and falls back when it is gone", () => {
    expect(selectConversation(list, "4")?.id).toBe("4");
    expect(selectConversation(list, "deleted")?.id).toBe("1");
  });
});

describe("newConversationTitle", () => {
  it("spells the go-to-market title as the spec does and names the others the same way", () => {
    expect(newConversationTitle("gtm")).toBe("New GTM Conversation");
    expect(newConversationTitle("legal")).toBe("New Legal Conversation");
    expect(newConversationTitle("market-intelligence")).toBe("New Market Intelligence Conversation");
    expect(newConversationTitle("qa-compliance")).toBe("New QA and Compliance Conversation");
  });
});
