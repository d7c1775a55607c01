// The stream hook's rules outside the card: the spec's "No active conversation" refusal, and which parts of a turn
// still show beside the stored messages.
import { createQueryClient } from "@acp/client/query-client";
import { getToastStore } from "@acp/ui/hooks/use-toast";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chatMessage } from "../test/fixtures";
import { type ChatTurn, hasAnswerAfter, unstoredParts, useChatStream } from "./use-chat-stream";

afterEach(() => {
  vi.unstubAllGlobals();
  getToastStore().dispatch({ type: "REMOVE_TOAST" });
});

describe("useChatStream", () => {
  it("refuses to send without an active conversation: Failed to send message, No active conversation", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useChatStream(), { wrapper });
    const onEnd = vi.fn();
    act(() => result.current.send(undefined, "Hello", onEnd));
    expect(fetch).not.toHaveBeenCalled();
    expect(onEnd).toHaveBeenCalledWith("not-sent");
    const [toast] = getToastStore().getState().toasts;
    expect({ title: toast?.title, description: toast?.description }).toEqual({
      title: "Error",
      description: "Failed to send message: No active conversation",
    });
    expect(result.current.turn).toBeNull();
  });
});

describe("what of a turn still shows", () => {
  const question = chatMessage({ id: "q", role: "user", content: "Q" });
  const answer = chatMessage({ id: "a", role: "assistant", content: "A" });
  const earlier = chatMessage({ id: "e", role: "assistant", content: "Earlier" });
  const turn: ChatTurn = {
    conversationId: "1",
    question: "Q",
    userMessage: question,
    answer: "A",
    phase: "stopped",
  };

  it("shows the question until it is stored and the answer until one follows it", () => {
    expect(unstoredParts(turn, [earlier])).toEqual({ question: true, answer: true });
    expect(unstoredParts(turn, [earlier, question])).toEqual({ question: false, answer: true });
    expect(unstoredParts(turn, [earlier, question, answer])).toEqual({ question: false, answer: false });
    expect(unstoredParts({ ...turn, userMessage: null }, [question, answer])).toEqual({
      question: true,
      answer: true,
    });
  });

  it("counts only an answer after the question", () => {
    expect(hasAnswerAfter([earlier, question], "q")).toBe(false);
    expect(hasAnswerAfter([question, answer], "q")).toBe(true);
    expect(hasAnswerAfter([answer], "q")).toBe(false);
  });
});
