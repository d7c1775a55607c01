// Text cut to one or a few lines (a long file name, a failure reason) that a tap, a click or keyboard focus reveals
// in full: a hover tooltip alone leaves phones and keyboards with the cut text.
import * as React from "react";
import { cn } from "../lib/cn";

const CLAMP = { 1: "truncate", 2: "line-clamp-2", 3: "line-clamp-3" } as const;

export type ExpandableTextProps = {
  children: string;
  /** Lines shown before the text is cut. */
  lines?: keyof typeof CLAMP;
  className?: string;
};

export function ExpandableText({ children, lines = 1, className }: ExpandableTextProps) {
  const ref = React.useRef<HTMLElement | null>(null);
  const [cut, setCut] = React.useState(false);
  const [expanded, setExpanded] = React.useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text must be measured again.
  React.useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () =>
      setCut(
        element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
      );
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded, children]);
  const shape = expanded ? "whitespace-normal break-words" : cn(CLAMP[lines], "break-words");
  if (!cut && !expanded) {
    return (
      <span ref={ref} data-slot="expandable-text" className={cn("block min-w-0", shape, className)}>
        {children}
      </span>
    );
  }
  return (
    <button
      ref={(element) => {
        ref.current = element;
      }}
      type="button"
      data-slot="expandable-text"
      aria-expanded={expanded}
      title={expanded ? undefined : children}
      onClick={() => setExpanded((open) => !open)}
      className={cn(
        "block w-full min-w-0 cursor-pointer rounded-sm text-left",
        // Keyboard focus alone shows the whole text; Enter or a tap keeps it open.
        "focus-visible:line-clamp-none focus-visible:whitespace-normal focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        shape,
        className,
      )}
    >
      {children}
    </button>
  );
}
