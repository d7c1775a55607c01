// One message of the conversation: the user's question as plain text, or an answer in Markdown with its citation
// buttons, a note when it was stopped, failed or interrupted, its sources and the model that wrote it.

import type { ChatMessage, ChatSource } from "@acp/contracts/chat";
import { modelDisplayName } from "@acp/contracts/constants";
import { remoteLoadsSettled } from "@acp/federation/loader";
import { cn } from "@acp/ui/lib/cn";
import { whenIdle } from "@acp/ui/lib/when-idle";
import { CircleAlert, CircleStop, PowerOff } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import type { AnswerMarkdownProps } from "./answer-markdown";
import { MessageSources } from "./message-sources";
import { MessageTrace } from "./message-trace";

const NO_SOURCES: readonly ChatSource[] = [];

// The Markdown renderer is most of the card's code: it loads on its own, once the page is idle after the card mounts
// (or at once when an answer needs it), so the card, its list and the rest of the first screen show and settle before
// it. Once loaded it renders directly (a lazy component would suspend again, and React holds a revealed fallback for
// 300 ms).
type AnswerMarkdownModule = typeof import("./answer-markdown");
let markdownModule: AnswerMarkdownModule | null = null;
let markdownLoading: Promise<AnswerMarkdownModule> | null = null;

export function preloadAnswerMarkdown(): Promise<AnswerMarkdownModule> {
  markdownLoading ??= import("./answer-markdown").then((module) => {
    markdownModule = module;
    return module;
  });
  return markdownLoading;
}

/**
 * Loads the renderer once the page's remote modules have arrived (on the dashboard the card is one widget of several)
 * and the browser is next idle, at the latest 3 s after that; returns a cancel function.
 */
export function preloadAnswerMarkdownWhenIdle(): () => void {
  let cancelIdle: (() => void) | undefined;
  let cancelled = false;
  void remoteLoadsSettled().then(() => {
    if (!cancelled) cancelIdle = whenIdle(() => void preloadAnswerMarkdown(), 3_000);
  });
  return () => {
    cancelled = true;
    cancelIdle?.();
  };
}

const LazyAnswerMarkdown = lazy(() =>
  preloadAnswerMarkdown().then((module) => ({ default: module.AnswerMarkdown })),
);

function Answer(props: AnswerMarkdownProps) {
  if (markdownModule) return <markdownModule.AnswerMarkdown {...props} />;
  return (
    <Suspense
      fallback={
        <p className="whitespace-pre-wrap text-sm leading-relaxed [overflow-wrap:anywhere]">
          {props.content}
        </p>
      }
    >
      <LazyAnswerMarkdown {...props} />
    </Suspense>
  );
}

export function QuestionBubble({ content }: { content: string }) {
  return (
    <div className="flex justify-end">
      <div className="max-w-[85%] whitespace-pre-wrap rounded-lg bg-primary px-3 py-2 text-primary-foreground text-sm [overflow-wrap:anywhere]">
        <span className="sr-only">You: </span>
        <span>{content}</span>
      </div>
    </div>
  );
}

export function AnswerBubble({
  content,
  sources = NO_SOURCES,
  onOpenSource,
  footer,
  className,
}: {
  content: string;
  sources?: readonly ChatSource[];
  onOpenSource: (source: ChatSource) => void;
  footer?: ReactNode;
  className?: string;
}) {
  return (
    <div className="flex justify-start">
      <div className={cn("w-full min-w-0 max-w-[95%] rounded-lg bg-muted px-3 py-2", className)}>
        <span className="sr-only">Agent: </span>
        {content !== "" ? <Answer content={content} sources={sources} onOpenSource={onOpenSource} /> : null}
        {footer}
      </div>
    </div>
  );
}

/** The "Stopped" note of an answer cut short by Stop, with the server's sentence when it gives one. */
export function StoppedNote({ reason }: { reason?: string | null }) {
  const text = !reason ? "Stopped" : /^stopped\b/i.test(reason) ? reason : `Stopped: ${reason}`;
  return (
    <p className="mt-2 flex items-start gap-1.5 text-muted-foreground text-xs">
      <CircleStop aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span className="[overflow-wrap:anywhere]">{text}</span>
    </p>
  );
}

function FailedNote({ reason }: { reason: string | null }) {
  return (
    <p className="mt-2 flex items-start gap-1.5 text-destructive text-xs">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span className="[overflow-wrap:anywhere]">{reason ?? "The answer failed."}</span>
    </p>
  );
}

/** Said when an interrupted answer carries no sentence of its own (the server stores one). */
const INTERRUPTED_FALLBACK = "This answer was interrupted before it was written. Ask again.";

/**
 * An answer the server never finished (it restarted mid-answer; the API stores it empty, status `interrupted`): not
 * the user's doing nor the model's failure, so it reads like Stopped rather than an error, and says what to do.
 */
function InterruptedNote({ reason }: { reason: string | null }) {
  return (
    <p className="flex items-start gap-1.5 text-muted-foreground text-xs">
      <PowerOff aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span className="[overflow-wrap:anywhere]">{reason ?? INTERRUPTED_FALLBACK}</span>
    </p>
  );
}

export function ChatMessageView({
  message,
  onOpenSource,
}: {
  message: ChatMessage;
  onOpenSource: (source: ChatSource) => void;
}) {
  if (message.role === "user") return <QuestionBubble content={message.content} />;
  return (
    <AnswerBubble
      content={message.content}
      sources={message.sources}
      onOpenSource={onOpenSource}
      footer={
        <>
          {message.status === "stopped" ? <StoppedNote reason={message.error} /> : null}
          {message.status === "failed" ? <FailedNote reason={message.error} /> : null}
          {message.status === "interrupted" ? <InterruptedNote reason={message.error} /> : null}
          <MessageSources sources={message.sources} onOpenSource={onOpenSource} />
          <MessageTrace message={message} onOpenSource={onOpenSource} />
          {message.model ? (
            <p className="mt-2 text-muted-foreground text-xs [overflow-wrap:anywhere]">
              <span className="sr-only">Model: </span>
              <span>{modelDisplayName(message.model)}</span>
            </p>
          ) : null}
        </>
      }
    />
  );
}
