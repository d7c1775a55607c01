// An answer's "Why this answer?" (issue 28) under its sources: the shared disclosure, whose passage numbers open the
// same cited-passage dialog as the answer's markers. Nothing for questions and answers stored before traces.
import type { ChatMessage, ChatSource } from "@acp/contracts/chat";
import { WhyThisAnswer } from "@acp/ui/components/why-this-answer";
import { useCallback } from "react";

export function MessageTrace({
  message,
  onOpenSource,
}: {
  message: Pick<ChatMessage, "trace" | "sources">;
  onOpenSource: (source: ChatSource) => void;
}) {
  const { trace, sources } = message;
  const openPassage = useCallback(
    (number: number) => {
      const source = sources.find((candidate) => candidate.number === number);
      if (source) onOpenSource(source);
    },
    [sources, onOpenSource],
  );
  if (!trace) return null;
  return <WhyThisAnswer trace={trace} onOpenPassage={openPassage} />;
}
