// A code example with its title and a copy button. Code keeps its lines and indentation: a line wider than the
// screen scrolls inside the block (never the page), and the block takes keyboard focus so arrow keys scroll it.
import { Button } from "@acp/ui/components/button";
import { Copy } from "lucide-react";
import { useId } from "react";
import { copyText } from "../../../lib/copy-text";

export function CodeSnippet({ title, code }: { title: string; code: string }) {
  const id = useId();
  return (
    <figure aria-labelledby={id} className="flex min-w-0 flex-col overflow-hidden rounded-lg border">
      <figcaption className="flex items-center justify-between gap-2 border-b bg-muted/50 px-3 py-1.5">
        <span id={id} className="min-w-0 font-medium text-xs">
          {title}
        </span>
        <Button variant="ghost" size="sm" onClick={() => void copyText(code, "The example")}>
          <Copy aria-hidden="true" />
          Copy<span className="sr-only"> {title}</span>
        </Button>
      </figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
        tabIndex={0}
        className="max-w-full overflow-x-auto whitespace-pre bg-sidebar p-3 font-mono text-sidebar-foreground text-xs leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
