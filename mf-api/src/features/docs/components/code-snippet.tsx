// A code example with its title and a copy button. Long lines wrap instead of scrolling, so it reads on a phone
// and needs no keyboard scrolling.
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
      <pre className="whitespace-pre-wrap bg-sidebar p-3 font-mono text-sidebar-foreground text-xs leading-relaxed [overflow-wrap:anywhere]">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
