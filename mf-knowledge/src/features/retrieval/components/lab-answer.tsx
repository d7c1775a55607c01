// The agent's answer in the retrieval lab: what it would say to the question, the passages it cites (each opening its
// place in the document) and, open, "Why this answer?" with the passages it weighed and what it quoted.
import type { RetrievalAnswer } from "@acp/contracts/retrieval-answer";
import { Link, useSearchParams } from "@acp/router";
import { WhyThisAnswer } from "@acp/ui/components/why-this-answer";
import { useCallback } from "react";
import { formatChunkLocation, formatLinkPlace } from "../../../lib/chunk-location";
import { documentDetailSearch } from "../../../lib/document-link";

export function LabAnswer({ answer, question }: { answer: RetrievalAnswer; question: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const cited = answer.sources.filter((source) => source.cited);
  const openPassage = useCallback(
    (number: number) => {
      const source = answer.sources.find((candidate) => candidate.number === number);
      if (!source) return;
      setSearchParams(
        new URLSearchParams(documentDetailSearch(searchParams, source.documentId, source.location)),
        {
          preventScrollReset: true,
        },
      );
    },
    [answer.sources, searchParams, setSearchParams],
  );
  return (
    <section
      aria-label={`${answer.agentName}'s answer`}
      className="flex min-w-0 flex-col gap-2 rounded-lg border p-3"
    >
      <p className="text-muted-foreground text-xs [overflow-wrap:anywhere]">
        {answer.agentName} answers “{question}”:
      </p>
      <p className="whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">
        {answer.content === "" ? "(no answer)" : answer.content}
      </p>
      {answer.error ? <p className="text-muted-foreground text-xs">{answer.error}</p> : null}
      {cited.length > 0 ? (
        <ul aria-label="Sources the answer cites" className="flex flex-col gap-0.5 text-xs">
          {cited.map((source) => (
            <li key={source.number} className="min-w-0 [overflow-wrap:anywhere]">
              <span className="font-medium text-primary">[{source.number}]</span> {source.documentName}
              <span className="text-muted-foreground"> · {formatChunkLocation(source.location)} · </span>
              <Link
                to={{ search: documentDetailSearch(searchParams, source.documentId, source.location) }}
                preventScrollReset
                className="rounded-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                Open {formatLinkPlace(source.location)}
                <span className="sr-only"> in {source.documentName}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {answer.trace ? (
        <WhyThisAnswer trace={answer.trace} onOpenPassage={openPassage} defaultOpen />
      ) : (
        <p className="text-muted-foreground text-xs">This answer carries no trace.</p>
      )}
    </section>
  );
}
