// The passage a citation points at: its document, where in it (page, sheet and rows, lines, section) and the excerpt
// highlighted, inside the text around it when the document's extracted text holds it, with a way into the
// Knowledge Base for the whole document.
import { errorMessage } from "@acp/client/http-error";
import type { ChatSource } from "@acp/contracts/chat";
import { PAGE_PATHS } from "@acp/federation/remotes";
import { Link } from "@acp/router";
import { Button } from "@acp/ui/components/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@acp/ui/components/dialog";
import { useLayoutEffect, useRef, useState } from "react";
import { useCitedDocument } from "../api/get-cited-document";
import { locationInWords } from "../lib/location-words";
import { type PassageInContext, partForLocation, passageInContext } from "../lib/passage-context";

/**
 * The Knowledge Base opens a document's detail at a location from these search parameters (`?document=&at=`), so
 * the link needs no route of its own.
 */
function knowledgeDocumentLink(source: ChatSource): string {
  const search = new URLSearchParams({ document: source.documentId });
  if (source.location) search.set("at", JSON.stringify(source.location));
  return `${PAGE_PATHS.knowledge}?${search.toString()}`;
}

function Highlighted({ children }: { children: string }) {
  return (
    <mark className="rounded-sm bg-primary/20 px-0.5 text-foreground">
      <span className="sr-only">Cited passage: </span>
      {children}
      <span className="sr-only"> (end of cited passage)</span>
    </mark>
  );
}

function PassageText({ context, excerpt }: { context: PassageInContext | null; excerpt: string }) {
  return (
    <p className="whitespace-pre-wrap text-sm leading-relaxed [overflow-wrap:anywhere]">
      {context ? (
        <>
          {context.before}
          <Highlighted>{context.passage}</Highlighted>
          {context.after}
        </>
      ) : (
        <Highlighted>{excerpt}</Highlighted>
      )}
    </p>
  );
}

function PassageBody({ source }: { source: ChatSource }) {
  const detail = useCitedDocument(source.documentId);
  let context: PassageInContext | null = null;
  if (detail.data) {
    const part = detail.data.parts[partForLocation(detail.data.parts, source.location)];
    if (part?.hasText) context = passageInContext(part.text, source.excerpt);
  }
  return (
    <div className="-mx-6 flex min-h-0 flex-col gap-3 overflow-y-auto px-6 pb-1">
      <section
        aria-label="Cited passage"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
        tabIndex={0}
        className="rounded-md border bg-muted/40 p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <PassageText context={context} excerpt={source.excerpt} />
      </section>
      {detail.isPending ? (
        <p role="status" className="text-muted-foreground text-xs">
          Loading the text around the passage…
        </p>
      ) : detail.isError ? (
        <p className="break-words text-muted-foreground text-xs">
          The document could not be opened ({errorMessage(detail.error)}); this is the passage as it was
          cited.
        </p>
      ) : context === null ? (
        <p className="text-muted-foreground text-xs">This is the passage as it was cited.</p>
      ) : null}
    </div>
  );
}

export function CitedPassageDialog({ source, onClose }: { source: ChatSource | null; onClose: () => void }) {
  // Keeps the content while the dialog animates closed after `source` became null.
  const [last, setLast] = useState(source);
  if (source && source !== last) setLast(source);
  const current = source ?? last;
  // Opened from a citation button, not a DialogTrigger, so Radix has nothing to give focus back to: remember it.
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's focus scope (a passive effect) moves focus inside.
  useLayoutEffect(() => {
    if (source && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [source]);
  return (
    <Dialog open={source !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="flex max-h-[90dvh] flex-col gap-4 overflow-hidden sm:max-w-2xl"
        onCloseAutoFocus={(event) => {
          const target = opener.current;
          opener.current = null;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        {current ? (
          <>
            <DialogHeader className="min-w-0 pr-6">
              <DialogTitle className="break-words leading-snug">{current.documentName}</DialogTitle>
              <DialogDescription>
                Source {current.number} · {locationInWords(current.location)}
              </DialogDescription>
            </DialogHeader>
            <PassageBody source={current} />
            <DialogFooter>
              <Button asChild variant="outline">
                <Link to={knowledgeDocumentLink(current)}>Open in Knowledge Base</Link>
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
