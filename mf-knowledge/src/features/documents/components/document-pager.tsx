// Where a page of documents sits in the whole list ("Showing 51–100 of 10,000", announced as it changes) and the
// buttons to the previous and next page; focus stays on a page button even when the one pressed is no longer offered.
import { Button } from "@acp/ui/components/button";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useLayoutEffect, useRef } from "react";

const numbers = new Intl.NumberFormat("en-US");

/** "Showing 1–50 of 10,000"; "Showing 0 of 0" never shows (the list says it is empty instead). */
export function showingText({
  offset,
  count,
  total,
}: {
  offset: number;
  count: number;
  total: number;
}): string {
  if (count === 0) return `Showing 0 of ${numbers.format(total)}`;
  return `Showing ${numbers.format(offset + 1)}–${numbers.format(offset + count)} of ${numbers.format(total)}`;
}

export function DocumentPager({
  offset,
  limit,
  count,
  total,
  onOffset,
}: {
  offset: number;
  limit: number;
  /** Documents on this page. */
  count: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  const previous = useRef<HTMLButtonElement | null>(null);
  const next = useRef<HTMLButtonElement | null>(null);
  const pressed = useRef<"previous" | "next" | null>(null);
  const hasPrevious = offset > 0;
  const hasNext = offset + limit < total;
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(pages, Math.floor(offset / limit) + 1);
  // A disabled button drops focus to the page: hand it to the other one.
  useLayoutEffect(() => {
    if (pressed.current === "next" && !hasNext) previous.current?.focus();
    if (pressed.current === "previous" && !hasPrevious) next.current?.focus();
  }, [hasNext, hasPrevious]);
  return (
    <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-2">
      <p aria-live="polite" className="text-muted-foreground text-sm tabular-nums">
        {showingText({ offset, count, total })}
      </p>
      {pages > 1 ? (
        <nav aria-label="Pages of documents" className="flex items-center gap-2">
          <Button
            ref={previous}
            variant="outline"
            size="sm"
            disabled={!hasPrevious}
            onClick={() => {
              pressed.current = "previous";
              onOffset(Math.max(0, offset - limit));
            }}
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <span className="text-muted-foreground text-sm tabular-nums">
            Page {numbers.format(page)} of {numbers.format(pages)}
          </span>
          <Button
            ref={next}
            variant="outline"
            size="sm"
            disabled={!hasNext}
            onClick={() => {
              pressed.current = "next";
              onOffset(offset + limit);
            }}
          >
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
