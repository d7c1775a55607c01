// The passages under an answer: the ones its text cites first, then the other passages it was given, folded away
// as "also retrieved". Each opens the cited-passage dialog.
import type { ChatSource } from "@acp/contracts/chat";
import { FileText } from "lucide-react";
import { locationInWords } from "../lib/location-words";

function SourceItem({ source, onOpen }: { source: ChatSource; onOpen: (source: ChatSource) => void }) {
  return (
    <li>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => onOpen(source)}
        className="flex w-full min-w-0 items-start gap-1.5 rounded px-1 py-0.5 text-left hover:bg-background/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <FileText aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" />
        <span className="min-w-0 [overflow-wrap:anywhere]">
          <span className="font-medium text-primary">[{source.number}]</span> {source.documentName}
          <span className="text-muted-foreground"> · {locationInWords(source.location)}</span>
        </span>
      </button>
    </li>
  );
}

export function MessageSources({
  sources,
  onOpenSource,
}: {
  sources: readonly ChatSource[];
  onOpenSource: (source: ChatSource) => void;
}) {
  if (sources.length === 0) return null;
  const byNumber = (a: ChatSource, b: ChatSource) => a.number - b.number;
  const cited = sources.filter((source) => source.cited).sort(byNumber);
  const retrieved = sources.filter((source) => !source.cited).sort(byNumber);
  return (
    <div className="mt-3 flex flex-col gap-2 border-t pt-2 text-xs">
      {cited.length > 0 ? (
        <section aria-label="Sources" className="flex flex-col gap-1">
          <p className="font-medium text-muted-foreground">Sources</p>
          <ul className="flex flex-col gap-0.5">
            {cited.map((source) => (
              <SourceItem key={source.number} source={source} onOpen={onOpenSource} />
            ))}
          </ul>
        </section>
      ) : null}
      {retrieved.length > 0 ? (
        <details className="group">
          <summary className="w-fit cursor-pointer rounded text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            Also retrieved ({retrieved.length})
          </summary>
          <ul className="mt-1 flex flex-col gap-0.5">
            {retrieved.map((source) => (
              <SourceItem key={source.number} source={source} onOpen={onOpenSource} />
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
