// Sending a question and following its streamed answer: the turn in flight (question, tokens so far), Stop, and
// what each ending leaves on screen: the stored messages on success, the stored partial answer after Stop (once the
// server has written it), the stored failed answer after a model failure, or the spec's toast when nothing was stored.
import { isChatStreamError, streamChatMutationOptions } from "@acp/client/chat";
import { messagesQueryOptions } from "@acp/client/conversations";
import type { ChatMessage } from "@acp/contracts/chat";
import { ERROR_TOASTS } from "@acp/contracts/messages";
import { toastError } from "@acp/federation/toast-error";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";

/** "Failed to send message", with the reason after it when there is one. */
const toastSendFailed = (error: unknown) =>
  toastError(error, { sentence: ERROR_TOASTS.sendMessage, fallback: ERROR_TOASTS.sendMessage });

/** The question being answered, shown until the stored messages replace it. */
export type ChatTurn = {
  conversationId: string;
  question: string;
  /** The stored question, once the server confirmed it. */
  userMessage: ChatMessage | null;
  /** The answer so far. */
  answer: string;
  /** `stopped`: Stop was pressed and the partial answer shows until the server's stored copy arrives. */
  phase: "streaming" | "stopped";
};

export type SendResult =
  /** The question was not stored: the caller may give the text back to the input. */
  "not-sent" | "sent";

/**
 * After Stop the server stores the partial answer once it notices the closed connection, which can be a moment after
 * the client's next read. The messages are read again on this schedule until the answer is there.
 */
export const STOPPED_ANSWER_REFETCH_DELAYS_MS = [0, 250, 500, 1000, 2000] as const;

/** Whether a list holds an assistant message after the given stored question. */
export function hasAnswerAfter(messages: readonly ChatMessage[], userMessageId: string): boolean {
  const index = messages.findIndex((message) => message.id === userMessageId);
  return index >= 0 && messages.slice(index + 1).some((message) => message.role === "assistant");
}

/** What of a turn still needs showing beside the stored messages (they replace it piece by piece). */
export function unstoredParts(
  turn: ChatTurn,
  messages: readonly ChatMessage[],
): { question: boolean; answer: boolean } {
  const stored = turn.userMessage;
  const questionStored = stored !== null && messages.some((message) => message.id === stored.id);
  return {
    question: !questionStored,
    answer: !(stored !== null && hasAnswerAfter(messages, stored.id)),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type ChatStream = {
  turn: ChatTurn | null;
  isSending: boolean;
  /** What a screen reader should hear about the answer: its start and how it ended, never each token. */
  announcement: string;
  /** Sends a question; with no active conversation it refuses with the spec's "No active conversation". */
  send: (conversationId: string | undefined, question: string, onEnd?: (result: SendResult) => void) => void;
  stop: () => void;
};

export function useChatStream(): ChatStream {
  const queryClient = useQueryClient();
  const mutation = useMutation(streamChatMutationOptions());
  const [turn, setTurn] = useState<ChatTurn | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const controller = useRef<AbortController | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const settleStopped = useCallback(
    async (conversationId: string, userMessage: ChatMessage | null) => {
      if (userMessage === null) {
        // Stopped before the server stored the question: nothing of this turn will come back.
        setTurn(null);
        return;
      }
      for (const delay of STOPPED_ANSWER_REFETCH_DELAYS_MS) {
        await sleep(delay);
        if (!mounted.current) return;
        const messages = await queryClient
          .fetchQuery({ ...messagesQueryOptions(conversationId), staleTime: 0 })
          .catch(() => null);
        if (messages && hasAnswerAfter(messages, userMessage.id)) {
          if (mounted.current)
            setTurn((current) => (current?.userMessage?.id === userMessage.id ? null : current));
          return;
        }
      }
      // The server kept nothing more: the partial answer stays on screen, marked stopped, as it was streamed.
    },
    [queryClient],
  );

  const { mutate } = mutation;
  const send = useCallback<ChatStream["send"]>(
    (conversationId, question, onEnd) => {
      if (!conversationId) {
        // Spec section 8: sending with no active conversation fails with this sentence.
        toastSendFailed(new Error(ERROR_TOASTS.noActiveConversation));
        onEnd?.("not-sent");
        return;
      }
      const abort = new AbortController();
      controller.current = abort;
      setTurn({ conversationId, question, userMessage: null, answer: "", phase: "streaming" });
      setAnnouncement("Answering…");
      const update = (change: (current: ChatTurn) => ChatTurn) =>
        setTurn((current) =>
          current && current.conversationId === conversationId ? change(current) : current,
        );
      mutate(
        {
          conversationId,
          message: question,
          signal: abort.signal,
          onStart: (userMessage) => update((current) => ({ ...current, userMessage })),
          onToken: (text) => update((current) => ({ ...current, answer: current.answer + text })),
        },
        {
          onSuccess: ({ message }) => {
            setTurn(null);
            setAnnouncement(message.status === "stopped" ? "The answer was stopped." : "Answer ready.");
            onEnd?.("sent");
          },
          onError: (error) => {
            if (isChatStreamError(error) && error.kind === "stopped") {
              update((current) => ({
                ...current,
                userMessage: error.userMessage ?? current.userMessage,
                answer: error.partial,
                phase: "stopped",
              }));
              setAnnouncement("Answer stopped.");
              void settleStopped(conversationId, error.userMessage);
              onEnd?.(error.userMessage ? "sent" : "not-sent");
              return;
            }
            setTurn(null);
            if (isChatStreamError(error) && error.kind === "failed" && error.storedMessage) {
              // The failed answer is stored with its reason and shows in the list; a toast would repeat it.
              setAnnouncement(`The answer failed: ${error.message}`);
              onEnd?.("sent");
              return;
            }
            setAnnouncement("");
            toastSendFailed(error);
            onEnd?.(isChatStreamError(error) && error.userMessage ? "sent" : "not-sent");
          },
        },
      );
    },
    [mutate, settleStopped],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  return { turn, isSending: mutation.isPending, announcement, send, stop };
}
