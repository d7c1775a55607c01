// The chat card against a fake chat API at the network edge: which conversation it opens, the spec's rules for
// sending (Enter, Shift+Enter, disabled states, no conversation), a streamed answer with Stop, citations that open
// their passage (only those with a source), the toasts, and the conversation picker's changes.
import { renderRemotePage } from "@acp/federation/testing";
import { getToastStore } from "@acp/ui/hooks/use-toast";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeChatApi } from "../test/fake-chat-api";
import { chatMessage, chatSource, conversation, documentDetail } from "../test/fixtures";
import { ChatCard } from "./chat-card";

beforeEach(() => getToastStore().dispatch({ type: "REMOVE_TOAST" }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function currentToast() {
  const [toast] = getToastStore().getState().toasts;
  return toast ? { title: toast.title, description: toast.description } : undefined;
}

const input = () => screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
const sendButton = () => screen.getByRole("button", { name: "Send message" }) as HTMLButtonElement;
const log = () => screen.getByRole("log", { name: "Conversation" });
const picker = () => screen.getByRole("combobox", { name: "Conversation" });

function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}

async function renderReady(ui = <ChatCard agentType="gtm" />) {
  const result = renderRemotePage(ui);
  await waitFor(() => expect(screen.queryByText("Loading conversations…")).toBeNull());
  return result;
}

describe("ChatCard: which conversation opens", () => {
  it("selects the conversation with id 1 when the list holds it, and shows its messages", async () => {
    fakeChatApi({
      conversations: [
        conversation({ id: "7", title: "Latest" }),
        conversation({ id: "1", title: "Pricing" }),
      ],
      messages: { "1": [chatMessage({ id: "m1", role: "user", content: "What do we charge?" })] },
    });
    await renderReady();
    expect(picker().textContent).toContain("Pricing");
    expect(await within(log()).findByText("What do we charge?")).toBeTruthy();
  });

  it("otherwise selects the first conversation of the list", async () => {
    fakeChatApi({
      conversations: [conversation({ id: "7", title: "Latest" }), conversation({ id: "3", title: "Older" })],
    });
    await renderReady();
    expect(picker().textContent).toContain("Latest");
    expect(await screen.findByText("No messages yet")).toBeTruthy();
  });

  it("lists only the agent's own conversations: its type, without custom agents of that type", async () => {
    const api = fakeChatApi({
      conversations: [
        conversation({ id: "1", title: "Custom one", customAgentId: "a1" }),
        conversation({ id: "2", title: "Built-in one" }),
      ],
    });
    await renderReady();
    expect(picker().textContent).toContain("Built-in one");
    expect(api.sent("GET", "/api/conversations")[0]?.url).toBe("/api/conversations?agentType=gtm");
  });
});

describe("ChatCard: sending", () => {
  it("sends on Enter, not on Shift+Enter, and only non-blank text while nothing is sending", async () => {
    const api = fakeChatApi({ conversations: [conversation({ id: "1" })] });
    await renderReady();
    expect(sendButton().disabled).toBe(true);
    type("   \n ");
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(api.sent("POST", "/api/chat")).toHaveLength(0);

    type("Who is our ideal customer?");
    expect(sendButton().disabled).toBe(false);
    fireEvent.keyDown(input(), { key: "Enter", shiftKey: true });
    expect(api.sent("POST", "/api/chat")).toHaveLength(0);
    expect(input().value).toBe("Who is our ideal customer?");

    fireEvent.keyDown(input(), { key: "Enter" });
    await waitFor(() => expect(api.sent("POST", "/api/chat")).toHaveLength(1));
    expect(api.sent("POST", "/api/chat")[0]).toMatchObject({
      body: { conversationId: "1", message: "Who is our ideal customer?" },
      accept: "text/event-stream",
    });
    expect(input().value).toBe("");
    // While the answer streams, Send stays disabled even with text in the box, and Enter sends nothing.
    type("A second question");
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(api.sent("POST", "/api/chat")).toHaveLength(1);
    await act(async () => {
      api.streams[0]?.start();
      api.streams[0]?.done();
    });
    await waitFor(() => expect(sendButton().disabled).toBe(false));
  });

  it("streams the answer token by token, announces it once done, and shows the stored answer with its sources", async () => {
    const api = fakeChatApi({ conversations: [conversation({ id: "1" })] });
    await renderReady();
    type("How are plans billed?");
    fireEvent.click(sendButton());
    await waitFor(() => expect(api.streams).toHaveLength(1));
    const stream = api.streams[0];
    if (!stream) throw new Error("no stream");
    await act(async () => {
      stream.start();
    });
    expect(await within(log()).findByText("How are plans billed?")).toBeTruthy();
    expect(within(log()).getByText("Searching your documents…")).toBeTruthy();
    expect(log().getAttribute("aria-busy")).toBe("true");

    await act(async () => {
      stream.raw(": heartbeat\n\n");
      stream.token("Plans are billed ");
    });
    expect(await within(log()).findByText(/Plans are billed/)).toBeTruthy();
    await act(async () => {
      stream.token("**yearly** [1].");
    });
    await waitFor(() => expect(within(log()).getByText("yearly").tagName).toBe("STRONG"));
    // No source is known while the answer streams: the marker is text until the stored answer arrives.
    expect(within(log()).queryByRole("button", { name: /^Source 1/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Stop" })).toBeTruthy();

    await act(async () => {
      stream.done({
        sources: [
          chatSource({ number: 1, documentName: "pricing.pdf" }),
          chatSource({
            number: 2,
            documentName: "faq.txt",
            cited: false,
            location: { kind: "lines", lineStart: 4, lineEnd: 9 },
          }),
        ],
      });
    });
    expect(await within(log()).findByRole("button", { name: "Source 1: pricing.pdf, Page 3" })).toBeTruthy();
    expect(log().getAttribute("aria-busy")).toBe("false");
    expect(screen.queryByRole("button", { name: "Stop" })).toBeNull();
    expect(screen.getByText("Answer ready.")).toBeTruthy();
    expect(within(log()).getByText("Also retrieved (1)")).toBeTruthy();
    expect(within(log()).getByText(/faq\.txt/)).toBeTruthy();
    // The built-in responder by what it is, never by its id.
    expect(within(log()).getByText("Built-in responder (offline)")).toBeTruthy();
    expect(log().textContent).not.toContain("grounded-responder");
  });

  it("stops a streaming answer: the connection is aborted and the stored partial answer shows as stopped", async () => {
    const api = fakeChatApi({ conversations: [conversation({ id: "1" })] });
    await renderReady();
    type("Tell me everything");
    fireEvent.keyDown(input(), { key: "Enter" });
    await waitFor(() => expect(api.streams).toHaveLength(1));
    const stream = api.streams[0];
    if (!stream) throw new Error("no stream");
    await act(async () => {
      stream.start();
      stream.token("The first part");
    });
    expect(await within(log()).findByText("The first part")).toBeTruthy();
    const stop = screen.getByRole("button", { name: "Stop" });
    stop.focus();
    fireEvent.click(stop);
    expect(stream.aborted).toBe(true);
    // The stored copy, marked stopped with the server's sentence, replaces the local one: the answer shows once.
    expect(await within(log()).findByText("Stopped before the answer was finished.")).toBeTruthy();
    expect(within(log()).getAllByText("The first part")).toHaveLength(1);
    expect(api.messages["1"]?.map((message) => [message.role, message.status])).toEqual([
      ["user", "complete"],
      ["assistant", "stopped"],
    ]);
    expect(document.activeElement).toBe(input());
    expect(screen.queryByRole("button", { name: "Stop" })).toBeNull();
    expect(sendButton().disabled).toBe(true);
    expect(currentToast()).toBeUndefined();
  });

  it("toasts a refused send and gives the question back to the box", async () => {
    const api = fakeChatApi({
      conversations: [conversation({ id: "1" })],
      failures: {
        "POST /api/chat": { status: 503, body: { error: "The chat model is busy", code: "UNAVAILABLE" } },
      },
    });
    await renderReady();
    type("Will this fail?");
    fireEvent.click(sendButton());
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: "Error",
        description: "Failed to send message: The chat model is busy",
      }),
    );
    expect(api.sent("POST", "/api/chat")).toHaveLength(1);
    expect(input().value).toBe("Will this fail?");
  });

  it("shows a failed answer's reason in the conversation instead of a toast", async () => {
    const api = fakeChatApi({ conversations: [conversation({ id: "1" })] });
    await renderReady();
    type("Question");
    fireEvent.click(sendButton());
    await waitFor(() => expect(api.streams).toHaveLength(1));
    await act(async () => {
      api.streams[0]?.start();
      api.streams[0]?.error("The chat model did not answer in time.", { content: "" });
    });
    expect(await within(log()).findByText("The chat model did not answer in time.")).toBeTruthy();
    expect(currentToast()).toBeUndefined();
  });
});

describe("ChatCard: no conversation yet", () => {
  it("creates New GTM Conversation on send and does not send the message (spec section 4)", async () => {
    const api = fakeChatApi();
    await renderReady();
    expect(screen.getByText("Start a conversation")).toBeTruthy();
    expect(picker().textContent).toContain("No conversations yet");
    type("What is our ICP?");
    fireEvent.keyDown(input(), { key: "Enter" });
    await waitFor(() => expect(picker().textContent).toContain("New GTM Conversation"));
    expect(api.sent("POST", "/api/conversations").map((request) => request.body)).toEqual([
      { agentType: "gtm", title: "New GTM Conversation" },
    ]);
    expect(api.sent("POST", "/api/chat")).toHaveLength(0);
    expect(input().value).toBe("What is our ICP?");
    // Said on screen, not only to screen readers: the text is kept and the next Enter sends it.
    expect(screen.getByText("Conversation created. Press Enter to send your message.")).toBeTruthy();
    // The next Enter sends it into the new conversation.
    fireEvent.keyDown(input(), { key: "Enter" });
    await waitFor(() => expect(api.sent("POST", "/api/chat")).toHaveLength(1));
    expect(screen.queryByText("Conversation created. Press Enter to send your message.")).toBeNull();
    expect(api.sent("POST", "/api/chat")[0]?.body).toEqual({
      conversationId: "100",
      message: "What is our ICP?",
    });
  });

  it("names a new conversation after the agent type for other agents", async () => {
    const api = fakeChatApi();
    await renderReady(<ChatCard agentType="fundraising" />);
    fireEvent.click(screen.getByRole("button", { name: "New" }));
    await waitFor(() => expect(api.sent("POST", "/api/conversations")).toHaveLength(1));
    expect(api.sent("POST", "/api/conversations")[0]?.body).toEqual({
      agentType: "fundraising",
      title: "New Fundraising Conversation",
    });
  });

  it("toasts Failed to create conversation when creating fails", async () => {
    fakeChatApi({
      failures: { "POST /api/conversations": { status: 500, body: { error: "Database down" } } },
    });
    await renderReady();
    type("Hello");
    fireEvent.click(sendButton());
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: "Error",
        description: "Failed to create conversation: Database down",
      }),
    );
  });

  it("leaves the sample questions to a page that shows them itself", async () => {
    fakeChatApi();
    await renderReady(<ChatCard agentType="technical" showSampleQueries={false} />);
    expect(screen.queryByRole("list", { name: "Sample questions" })).toBeNull();
    expect(screen.getByRole("textbox")).toBeTruthy();
  });

  it("creates a conversation and asks a sample question in it, since the click asked for it", async () => {
    const api = fakeChatApi();
    await renderReady(<ChatCard agentType="technical" />);
    const samples = screen.getByRole("list", { name: "Sample questions" });
    expect(
      within(samples)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual([
      "Review this API architecture for scalability",
      "Suggest improvements for database design",
      "Analyze security vulnerabilities in this system",
    ]);
    fireEvent.click(
      within(samples).getByRole("button", { name: "Suggest improvements for database design" }),
    );
    await waitFor(() => expect(api.sent("POST", "/api/chat")).toHaveLength(1));
    expect(api.sent("POST", "/api/conversations")[0]?.body).toEqual({
      agentType: "technical",
      title: "New Technical Conversation",
    });
    expect(api.sent("POST", "/api/chat")[0]?.body).toEqual({
      conversationId: "100",
      message: "Suggest improvements for database design",
    });
  });
});

describe("ChatCard: prompts from the caller", () => {
  it("asks each new nonce once, and never the prompt it mounted with", async () => {
    const api = fakeChatApi({ conversations: [conversation({ id: "1" })] });
    const { rerender } = await renderReady(
      <ChatCard agentType="gtm" prompt={{ text: "Asked before mounting", nonce: 1 }} />,
    );
    await screen.findByText("No messages yet");
    expect(api.sent("POST", "/api/chat")).toHaveLength(0);
    rerender(
      <ChatCard agentType="gtm" prompt={{ text: "Create a Series A pitch deck outline", nonce: 2 }} />,
    );
    await waitFor(() => expect(api.sent("POST", "/api/chat")).toHaveLength(1));
    expect(api.sent("POST", "/api/chat")[0]?.body).toEqual({
      conversationId: "1",
      message: "Create a Series A pitch deck outline",
    });
    rerender(
      <ChatCard agentType="gtm" prompt={{ text: "Create a Series A pitch deck outline", nonce: 2 }} />,
    );
    await act(async () => {
      api.streams[0]?.start();
      api.streams[0]?.done();
    });
    expect(api.sent("POST", "/api/chat")).toHaveLength(1);
  });
});

describe("ChatCard: answers and citations", () => {
  const answer = chatMessage({
    id: "a1",
    role: "assistant",
    content:
      'Plans are billed yearly [1]; discounts need approval [3].\n\n<img src="x" onerror="alert(1)"> [link](javascript:alert(1)) `[1] in code`',
    sources: [
      chatSource({ number: 1, excerpt: "Enterprise plans are billed yearly." }),
      chatSource({ number: 2, cited: false, documentName: "faq.txt" }),
    ],
  });

  it("makes only markers with a source clickable and renders no raw HTML", async () => {
    fakeChatApi({ conversations: [conversation({ id: "1" })], messages: { "1": [answer] } });
    const { container } = await renderReady();
    const citation = await within(log()).findByRole("button", { name: "Source 1: pricing.pdf, Page 3" });
    expect(citation.textContent).toBe("[1]");
    expect(within(log()).queryByRole("button", { name: /^Source 3/ })).toBeNull();
    expect(within(log()).getByText(/discounts need approval \[3\]/)).toBeTruthy();
    // Raw HTML is shown as text, never as elements; an unsafe link keeps only its text.
    expect(container.querySelector("img")).toBeNull();
    expect(within(log()).getByText(/<img src="x"/)).toBeTruthy();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
    expect(within(log()).getByText("[1] in code").tagName).toBe("CODE");
  });

  it("opens the cited passage: document, page and the excerpt highlighted in its surrounding text", async () => {
    fakeChatApi({
      conversations: [conversation({ id: "1" })],
      messages: { "1": [answer] },
      documents: {
        "doc-1": documentDetail(
          "doc-1",
          "Pricing overview.\nEnterprise plans are\nbilled yearly. Monthly billing is for teams.",
        ),
      },
    });
    await renderReady();
    fireEvent.click(await within(log()).findByRole("button", { name: "Source 1: pricing.pdf, Page 3" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading", { name: "pricing.pdf" })).toBeTruthy();
    expect(within(dialog).getByText("Source 1 · Page 3")).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByText(/Monthly billing is for teams/)).toBeTruthy());
    const mark = dialog.querySelector("mark");
    expect(mark?.textContent).toBe(
      "Cited passage: Enterprise plans are\nbilled yearly. (end of cited passage)",
    );
    expect(within(dialog).getByRole("link", { name: "Open in Knowledge Base" }).getAttribute("href")).toBe(
      `/knowledge?document=doc-1&at=${encodeURIComponent(JSON.stringify({ kind: "page", page: 3 }))}`,
    );
  });

  it("still shows the cited excerpt when its document is gone", async () => {
    fakeChatApi({ conversations: [conversation({ id: "1" })], messages: { "1": [answer] } });
    await renderReady();
    fireEvent.click(await within(log()).findByText("faq.txt"));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() =>
      expect(within(dialog).getByText(/could not be opened \(Document not found\)/)).toBeTruthy(),
    );
    expect(dialog.querySelector("mark")?.textContent).toContain("Enterprise plans are billed yearly.");
  });

  it("labels offline mode", async () => {
    fakeChatApi({ conversations: [conversation({ id: "1" })] });
    await renderReady();
    expect(await screen.findByText("Offline mode")).toBeTruthy();
    expect(
      screen.getByText("Answers are drawn from your documents by the built-in grounded responder."),
    ).toBeTruthy();
  });
});

describe("ChatCard: managing conversations", () => {
  it("renames the conversation shown", async () => {
    const api = fakeChatApi({ conversations: [conversation({ id: "1", title: "Old title" })] });
    await renderReady();
    fireEvent.click(screen.getByRole("button", { name: "Rename conversation" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "  " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Please enter a title");
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Pricing questions" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(picker().textContent).toContain("Pricing questions"));
    expect(api.sent("PATCH", "/api/conversations/1")[0]?.body).toEqual({ title: "Pricing questions" });
  });

  it("deletes only after confirmation and moves to the next conversation", async () => {
    const api = fakeChatApi({
      conversations: [conversation({ id: "1", title: "First" }), conversation({ id: "2", title: "Second" })],
    });
    await renderReady();
    fireEvent.click(screen.getByRole("button", { name: "Delete conversation" }));
    let dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("heading").textContent).toBe("Delete “First”?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.sent("DELETE", "/api/conversations/1")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Delete conversation" }));
    dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(picker().textContent).toContain("Second"));
    expect(api.sent("DELETE", "/api/conversations/1")).toHaveLength(1);
  });
});
