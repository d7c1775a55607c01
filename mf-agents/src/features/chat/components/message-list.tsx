// The conversation as a log: stored messages, then the turn in flight (question and streamed answer). Screen readers
// hear additions once the answer is complete (aria-busy while it streams), not every token; the view follows new text
// unless the reader has scrolled up.
import type { ChatMessage, ChatSource } from "@acp/contracts/chat";
import { Loader2 } from "lucide-react";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { type ChatTurn, unstoredParts } from "../hooks/use-chat-stream";
import { AnswerBubble, ChatMessageView, QuestionBubble, StoppedNote } from "./chat-message";

/** How close to the bottom (px) still counts as reading the latest text. */
const FOLLOW_THRESHOLD_PX = 48;

export function MessageList({
  messages,
  turn,
  placeholder,
  onOpenSource,
}: {
  messages: readonly ChatMessage[];
  /** The turn in flight in this conversation. */
  turn: ChatTurn | null;
  /** Shown instead of messages: loading, failure or empty states. */
  placeholder?: ReactNode;
  onOpenSource: (source: ChatSource) => void;
}) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const following = useRef(true);
  const pending = turn ? unstoredParts(turn, messages) : null;
  // Busy only while the streamed copy is what shows: the stored answer can land a render before the turn ends.
  const streaming = turn?.phase === "streaming" && pending?.answer === true;

  // A new question always brings the view down to it.
  const question = turn?.question;
  useLayoutEffect(() => {
    if (question !== undefined) following.current = true;
  }, [question]);

  const answer = turn?.answer;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the content grows, which these name.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [messages, answer, question, placeholder]);

  return (
    <div
      ref={scroller}
      role="log"
      aria-label="Conversation"
      aria-busy={streaming}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        following.current =
          element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_THRESHOLD_PX;
      }}
      className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto overflow-x-hidden px-4 py-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:px-6"
    >
      {placeholder ?? (
        <>
          {messages.map((message) => (
            <ChatMessageView key={message.id} message={message} onOpenSource={onOpenSource} />
          ))}
          {turn && pending?.question ? <QuestionBubble content={turn.question} /> : null}
          {turn && pending?.answer ? (
            <AnswerBubble
              content={turn.answer}
              onOpenSource={onOpenSource}
              footer={
                turn.phase === "stopped" ? (
                  <StoppedNote />
                ) : turn.answer === "" ? (
                  <p className="flex items-center gap-2 text-muted-foreground text-sm">
                    <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
                    Searching your documents…
                  </p>
                ) : null
              }
            />
          ) : null}
        </>
      )}
    </div>
  );
}
