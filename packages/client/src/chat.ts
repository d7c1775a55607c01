// Grounded chat (issue 20, DESIGN 6): POST /api/chat streamed as server-sent events (tokens as they are written,
// then the stored answer with its sources) or as one JSON answer, and which model answers (GET /api/chat/model).
import type { ChatMessage, ChatModelInfo, ChatResponse, SendChatMessage } from "@acp/contracts/chat";
import { mutationOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { conversationKeys } from "./conversations";
import { httpErrorFromResponse } from "./http-error";
import { getJson, requestJson } from "./request";
import { readServerSentEvents } from "./server-sent-events";

export const CHAT_URL = "/api/chat";
export const CHAT_MODEL_URL = "/api/chat/model";

/**
 * How long a stream may stay silent (no token, no heartbeat) before it counts as dropped. The server sends
 * heartbeat comments while the model thinks, so silence this long means the connection is gone.
 */
export const CHAT_STREAM_IDLE_TIMEOUT_MS = 60_000;

export const chatKeys = {
  all: ["chat"] as const,
  model: () => ["chat", "model"] as const,
};

/** GET /api/chat/model: the built-in grounded responder (offline mode) or the configured chat model. */
export function chatModelQueryOptions() {
  return queryOptions({
    queryKey: chatKeys.model(),
    queryFn: ({ signal }) => getJson<ChatModelInfo>(CHAT_MODEL_URL, { signal }),
  });
}

/** POST /api/chat as JSON: waits for the whole answer. */
export function sendChatMessage(
  request: SendChatMessage,
  options: { signal?: AbortSignal } = {},
): Promise<ChatResponse> {
  return requestJson<ChatResponse>("POST", CHAT_URL, request, options);
}

/**
 * Why a streamed answer did not end with `done`:
 * - `failed`: the server sent an `error` event (the model call failed; `storedMessage` is the stored failed or
 *   partial answer when there is one);
 * - `incomplete`: the connection ended, or went silent, before the answer was complete;
 * - `malformed`: an event the client could not read;
 * - `stopped`: the caller aborted (Stop); the server stores the partial answer marked stopped.
 */
export type ChatStreamErrorKind = "failed" | "incomplete" | "malformed" | "stopped";

export class ChatStreamError extends Error {
  override readonly name = "ChatStreamError";
  readonly kind: ChatStreamErrorKind;
  /** The stored question, once the `start` event told it. */
  readonly userMessage: ChatMessage | null;
  /** The stored answer an `error` event carried (failed, or the partial answer). */
  readonly storedMessage: ChatMessage | null;
  /** What streamed before the end. */
  readonly partial: string;

  constructor(
    kind: ChatStreamErrorKind,
    message: string,
    {
      userMessage = null,
      storedMessage = null,
      partial = "",
      cause,
    }: {
      userMessage?: ChatMessage | null;
      storedMessage?: ChatMessage | null;
      partial?: string;
      cause?: unknown;
    },
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.kind = kind;
    this.userMessage = userMessage;
    this.storedMessage = storedMessage;
    this.partial = partial;
  }
}

export function isChatStreamError(error: unknown): error is ChatStreamError {
  return error instanceof Error && error.name === "ChatStreamError" && "kind" in error;
}

export type StreamChatInput = SendChatMessage & {
  /** Aborting it stops the answer (the Stop button). */
  signal?: AbortSignal | undefined;
  /** The stored question, as soon as the server has it. */
  onStart?: ((userMessage: ChatMessage) => void) | undefined;
  /** Each piece of the answer as the model writes it. */
  onToken?: ((text: string) => void) | undefined;
  idleTimeoutMs?: number | undefined;
};

function parseEventData<T>(event: string, data: string, partial: string, userMessage: ChatMessage | null): T {
  try {
    return JSON.parse(data) as T;
  } catch (cause) {
    throw new ChatStreamError("malformed", `The server sent an unreadable ${event} event.`, {
      partial,
      userMessage,
      cause,
    });
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError");
}

/**
 * Sends a question and streams its answer: resolves with both stored messages once `done` arrives. Rejects with an
 * HttpError for a refused request (4xx/5xx, with the API's sentence) and with a ChatStreamError for everything that
 * goes wrong after the stream started, Stop included (kind `stopped`).
 */
export async function streamChat({
  conversationId,
  message,
  signal,
  onStart,
  onToken,
  idleTimeoutMs = CHAT_STREAM_IDLE_TIMEOUT_MS,
}: StreamChatInput): Promise<ChatResponse> {
  // A quiet connection is cut by our own controller, told apart from the caller's Stop by which one fired.
  const idle = new AbortController();
  const combined = signal ? AbortSignal.any([signal, idle.signal]) : idle.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const restartIdleTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(), idleTimeoutMs);
  };
  let userMessage: ChatMessage | null = null;
  let partial = "";
  const stoppedOrIdle = (cause: unknown) =>
    idle.signal.aborted
      ? new ChatStreamError("incomplete", "The connection went quiet before the answer was complete.", {
          userMessage,
          partial,
          cause,
        })
      : new ChatStreamError("stopped", "The answer was stopped.", { userMessage, partial, cause });

  try {
    restartIdleTimer();
    let response: Response;
    try {
      response = await fetch(CHAT_URL, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
        body: JSON.stringify({ conversationId, message }),
        signal: combined,
      });
    } catch (error) {
      if (combined.aborted) throw stoppedOrIdle(error);
      throw error;
    }
    if (!response.ok) throw await httpErrorFromResponse(response);

    const contentType = response.headers.get("Content-Type") ?? "";
    if (!contentType.includes("text/event-stream") || !response.body) {
      // A server (or proxy) that answers JSON anyway: the same stored messages, just not streamed.
      const answer = (await response.json().catch(() => null)) as ChatResponse | null;
      if (!answer?.userMessage || !answer.message) {
        throw new ChatStreamError("malformed", "The server's answer is not a chat response.", {});
      }
      onStart?.(answer.userMessage);
      return answer;
    }

    try {
      for await (const { event, data } of readServerSentEvents(response.body, {
        onActivity: restartIdleTimer,
      })) {
        if (event === "start") {
          userMessage = parseEventData<{ userMessage: ChatMessage }>(
            event,
            data,
            partial,
            userMessage,
          ).userMessage;
          onStart?.(userMessage);
        } else if (event === "token") {
          const { text } = parseEventData<{ text: string }>(event, data, partial, userMessage);
          partial += text;
          onToken?.(text);
        } else if (event === "done") {
          const done = parseEventData<{ message: ChatMessage }>(event, data, partial, userMessage);
          if (!userMessage) {
            throw new ChatStreamError("malformed", "The answer arrived without its question.", { partial });
          }
          return { userMessage, message: done.message };
        } else if (event === "error") {
          const failure = parseEventData<{ error: string; message: ChatMessage | null }>(
            event,
            data,
            partial,
            userMessage,
          );
          throw new ChatStreamError("failed", failure.error, {
            userMessage,
            storedMessage: failure.message ?? null,
            partial,
          });
        }
        // Other event names are left for newer servers to add.
      }
    } catch (error) {
      if (isChatStreamError(error)) throw error;
      if (combined.aborted || isAbort(error)) throw stoppedOrIdle(error);
      throw new ChatStreamError("incomplete", "The connection was lost before the answer was complete.", {
        userMessage,
        partial,
        cause: error,
      });
    }
    if (combined.aborted) throw stoppedOrIdle(undefined);
    throw new ChatStreamError("incomplete", "The connection ended before the answer was complete.", {
      userMessage,
      partial,
    });
  } finally {
    clearTimeout(timer);
  }
}

/** Puts stored messages into a conversation's cached list (replacing any with the same id), oldest first. */
export function upsertMessages(
  queryClient: QueryClient,
  conversationId: string,
  messages: ChatMessage[],
): void {
  queryClient.setQueryData<ChatMessage[]>(conversationKeys.messages(conversationId), (current = []) => {
    const byId = new Map(current.map((item) => [item.id, item]));
    for (const item of messages) byId.set(item.id, item);
    return [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  });
}

/**
 * A question sent and its answer streamed (streamChat). On success both stored messages join the conversation's
 * cache; on any other end its messages are refetched (the server stored what there was); either way the lists
 * refetch, since the conversation was just updated.
 */
export function streamChatMutationOptions() {
  return mutationOptions({
    mutationKey: [...chatKeys.all, "send"],
    mutationFn: streamChat,
    onSuccess: async ({ userMessage, message }, { conversationId }, _result, { client }) => {
      // A read of the messages started before they were stored (a conversation just created and opened) would land
      // after them and leave an empty list until a reload: it is cancelled, and what the server stored is written.
      await client.cancelQueries({ queryKey: conversationKeys.messages(conversationId) });
      upsertMessages(client, conversationId, [userMessage, message]);
    },
    onError: (error, { conversationId }, _result, { client }) => {
      if (isChatStreamError(error)) {
        const stored = [error.userMessage, error.storedMessage].filter((item) => item !== null);
        if (stored.length > 0) upsertMessages(client, conversationId, stored);
      }
      return client.invalidateQueries({ queryKey: conversationKeys.messages(conversationId) });
    },
    onSettled: (_data, _error, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: conversationKeys.lists() }),
  });
}
