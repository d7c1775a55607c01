// The frame shown while the current user loads: the shape of the sidebar layout with a visible status line. The
// shell's build also writes it into index.html (prerender-landing.ts), so it paints with the HTML, before any script,
// with an empty page-head slot the server may fill with the page's own header (see lib/page-head.ts).
import { PageSkeleton } from "@acp/ui/components/page-skeleton";
import { Skeleton } from "@acp/ui/components/skeleton";

export const LOADING_LABEL = "Loading the control panel…";

export function LoadingLayout({ label = LOADING_LABEL, head = "" }: { label?: string; head?: string }) {
  return (
    <div className="flex min-h-svh w-full bg-background" role="status" aria-busy="true" aria-live="polite">
      <div className="hidden w-64 shrink-0 flex-col gap-4 bg-sidebar p-4 md:flex" aria-hidden="true">
        <Skeleton className="h-8 w-40 bg-sidebar-accent" />
        <div className="mt-4 flex flex-col gap-2">
          {["a", "b", "c", "d", "e", "f", "g", "h", "i"].map((id) => (
            <Skeleton key={id} className="h-7 w-full bg-sidebar-accent" />
          ))}
        </div>
        <Skeleton className="mt-auto h-12 w-full bg-sidebar-accent" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex h-14 items-center gap-3 border-b px-4">
          <Skeleton className="size-8" />
          <p className="truncate text-muted-foreground text-sm">{label}</p>
        </div>
        {/* The same box as AppLayout's main content, so a composed page head stays where the page puts it. */}
        <PageSkeleton head={head} className="mx-auto w-full max-w-7xl p-4 md:p-8" />
      </div>
    </div>
  );
}
