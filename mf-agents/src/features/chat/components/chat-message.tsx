// One message of the conversation: the user's question as plain text, or an answer in Markdown with its citation
// buttons, a note when it was stopped or failed, its sources and the model that wrote it.
import type { ChatMessage, ChatSource } from "@acp/contracts/chat";
import { cn } from "@acp/ui/lib/cn";
import { CircleAlert, CircleStop } from "lucide-react";
import type { ReactNode } from "react";
import { AnswerMarkdown } from "./answer-markdown";
import { MessageSources } from "./message-sources";

const NO_SOURCES: readonly ChatSource[] = [];

export function QuestionBubble({ content }: { content: string }) {
  return (
    <div className="flex justify-end">
      <div className="max-w-[85%] whitespace-pre-wrap rounded-lg bg-primary px-3 py-2 text-primary-foreground text-sm [overflow-wrap:anywhere]">
        <span className="sr-only">You: </span>
        {content}
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
        {content !== "" ? (
          <AnswerMarkdown content={content} sources={sources} onOpenSource={onOpenSource} />
        ) : null}
        {footer}
      </div>
    </div>
  );
}

/** The "Stopped" note of an answer cut short by Stop. */
export function StoppedNote({ reason }: { reason?: string | null }) {
  return (
    <p className="mt-2 flex items-start gap-1.5 text-muted-foreground text-xs">
      <CircleStop aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span className="[overflow-wrap:anywhere]">Stopped{reason ? `: ${reason}` : ""}</span>
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
          <MessageSources sources={message.sources} onOpenSource={onOpenSource} />
          {message.model ? (
            <p className="mt-2 text-muted-foreground text-xs [overflow-wrap:anywhere]">
              <span className="sr-only">Model: </span>
              {message.model}
            </p>
          ) : null}
        </>
      }
    />
  );
}
