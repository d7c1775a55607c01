// The placeholder of a page while it loads: a title, a subtitle, a row of cards and a large panel. When the server
// composed the page's own header into the first HTML (a remote's page head, see api/src/routes/page-heads.ts), that
// header stands in for the title lines, so the largest text of the page paints with the HTML and stays put.
import type * as React from "react";
import { cn } from "../lib/cn";
import { Skeleton } from "./skeleton";

const CARDS = ["a", "b", "c", "d"];

export type PageSkeletonProps = React.ComponentProps<"div"> & {
  /**
   * Markup of the page's header rendered at build time by the remote that owns the page. `""` renders the empty slot
   * the server fills (the shell's index.html); undefined renders no slot.
   */
  head?: string | undefined;
};

/** Hidden from assistive tech like Skeleton: put it inside an aria-busy status region that names what loads. */
export function PageSkeleton({ className, head, ...props }: PageSkeletonProps) {
  return (
    <div
      data-slot="page-skeleton"
      aria-hidden="true"
      className={cn("flex flex-col gap-6", className)}
      {...props}
    >
      {head === undefined ? null : (
        // Our own build output (a remote's static header), never user input: see page-heads.ts on the server.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: build-time markup of the page's own header.
        <div data-page-head="" className="empty:hidden" dangerouslySetInnerHTML={{ __html: head }} />
      )}
      {head ? null : (
        <div data-slot="page-skeleton-title" className="flex flex-col gap-2">
          <Skeleton className="h-8 w-80 max-w-full" />
          <Skeleton className="h-4 w-96 max-w-full" />
        </div>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CARDS.map((id) => (
          <Skeleton key={id} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}
