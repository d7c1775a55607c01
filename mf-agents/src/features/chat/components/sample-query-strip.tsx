// The chat card's three sample questions: a click asks that question (DESIGN 8: the spec's buttons did nothing).
import { Button } from "@acp/ui/components/button";
import type { SampleQueries } from "../sample-queries";

export function SampleQueryStrip({
  queries,
  disabled,
  onAsk,
}: {
  queries: SampleQueries;
  disabled: boolean;
  onAsk: (query: string) => void;
}) {
  return (
    // On a phone the strip is one row that scrolls sideways inside the card, leaving the height to the messages.
    <ul
      aria-label="Sample questions"
      className="flex gap-2 px-4 pb-3 max-sm:overflow-x-auto sm:flex-wrap sm:px-6"
    >
      {queries.map((query) => (
        <li key={query} className="min-w-0 shrink-0 sm:max-w-full sm:shrink">
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled}
            onClick={() => onAsk(query)}
            className="h-auto min-h-8 py-1.5 text-left sm:max-w-full sm:whitespace-normal sm:[overflow-wrap:anywhere]"
          >
            {query}
          </Button>
        </li>
      ))}
    </ul>
  );
}
