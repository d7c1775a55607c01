// "Why this answer?" in the chat (issue 28): under an answer that has a trace, closed until opened; its quote and its
// passage numbers, which open the cited passage like the markers do; on a streamed answer once it is stored; nothing
// for questions and for answers stored before traces existed.
import type { AnswerTrace } from "@acp/contracts/chat";
import { renderRemotePage } from "@acp/federation/testing";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeChatApi } from "../test/fake-chat-api";
import { chatMessage, chatSource, conversation } from "../test/fixtures";
import { ChatCard } from "./chat-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TRACE: AnswerTrace = {
  responder: "extractive",
  outcome: "answered",
  answerType: "time",
  questionLanguage: "en",
  terms: [
    { term: "enterprise", weight: 2, found: true },
    { term: "billed", weight: 1.4, found: true },
  ],
  passages: [
    {
      number: 1,
      documentName: "pricing.pdf",
      relevance: 0.8,
      score: 0.88,
      answers: true,
      bestUnit: "Enterprise plans are billed yearly.",
    },
  ],
  chosen: [{ number: 1, kind: "sentence", text: "Enterprise plans are billed yearly.", score: 0.88 }],
  shortAnswer: "yearly",
  abstention: null,
};

const log = () => screen.getByRole("log", { name: "Conversation" });

async function renderReady() {
  renderRemotePage(<ChatCard agentType="gtm" />);
  await waitFor(() => expect(screen.queryByText("Loading conversations…")).toBeNull());
}

describe("Why this answer? in the chat", () => {
  it("sits closed under a traced answer, opens to its quote, and its passage number opens the passage", async () => {
    fakeChatApi({
      conversations: [conversation({ id: "1" })],
      messages: {
        "1": [
          chatMessage({ id: "q1", role: "user", content: "How are enterprise plans billed?" }),
          chatMessage({
            id: "a1",
            role: "assistant",
            content: "Yearly. Enterprise plans are billed yearly. [1]",
            sources: [chatSource({ number: 1 })],
            trace: TRACE,
          }),
        ],
      },
    });
    await renderReady();
    const why = await within(log()).findByRole("button", { name: "Why this answer?" });
    expect(within(log()).getAllByRole("button", { name: "Why this answer?" })).toHaveLength(1);
    expect(why.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(why);
    expect(why.getAttribute("aria-expanded")).toBe("true");
    const panel = document.getElementById(why.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(within(panel).getByText("Enterprise plans are billed yearly.", { selector: "q" })).toBeTruthy();
    expect(within(panel).getByText("a date or time")).toBeTruthy();
    fireEvent.click(within(panel).getByRole("button", { name: "Open passage [1]" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Source 1 · Page 3")).toBeTruthy();
  });

  it("shows no disclosure for answers stored before traces existed", async () => {
    fakeChatApi({
      conversations: [conversation({ id: "1" })],
      messages: {
        "1": [
          chatMessage({ id: "q1", role: "user", content: "Hello?" }),
          chatMessage({ id: "a1", role: "assistant", content: "An older answer.", trace: null }),
        ],
      },
    });
    await renderReady();
    expect(await within(log()).findByText("An older answer.")).toBeTruthy();
    expect(within(log()).queryByRole("button", { name: "Why this answer?" })).toBeNull();
  });

  it("appears under a streamed answer once it is stored", async () => {
    const api = fakeChatApi({ conversations: [conversation({ id: "1" })] });
    await renderReady();
    fireEvent.change(screen.getByRole("textbox", { name: "Message" }), {
      target: { value: "How are enterprise plans billed?" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(api.streams).toHaveLength(1));
    const stream = api.streams[0];
    if (!stream) throw new Error("no stream");
    await act(async () => {
      stream.start();
      stream.token("Yearly [1].");
    });
    expect(within(log()).queryByRole("button", { name: "Why this answer?" })).toBeNull();
    await act(async () => {
      stream.done({ sources: [chatSource({ number: 1 })], trace: TRACE });
    });
    fireEvent.click(await within(log()).findByRole("button", { name: "Why this answer?" }));
    expect(within(log()).getByText("yearly")).toBeTruthy();
  });
});
