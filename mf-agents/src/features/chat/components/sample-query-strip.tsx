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
    <ul aria-label="Sample questions" className="flex flex-wrap gap-2 px-4 pb-3 sm:px-6">
      {queries.map((query) => (
        <li key={query} className="min-w-0 max-w-full">
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled}
            onClick={() => onAsk(query)}
            className="h-auto min-h-8 max-w-full whitespace-normal py-1.5 text-left [overflow-wrap:anywhere]"
          >
            {query}
          </Button>
        </li>
      ))}
    </ul>
  );
}
