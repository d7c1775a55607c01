// The skeleton shown while the current user loads: the shape of the sidebar layout, with no content yet.
import { PageSkeleton } from "@acp/ui/components/page-skeleton";
import { Skeleton } from "@acp/ui/components/skeleton";

export function LoadingLayout({ label = "Loading the control panel…" }: { label?: string }) {
  return (
    <div className="flex min-h-svh w-full bg-background" role="status" aria-busy="true" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div className="hidden w-64 shrink-0 flex-col gap-4 bg-sidebar p-4 md:flex" aria-hidden="true">
        <Skeleton className="h-8 w-40 bg-sidebar-accent" />
        <div className="mt-4 flex flex-col gap-2">
          {["a", "b", "c", "d", "e", "f", "g", "h", "i"].map((id) => (
            <Skeleton key={id} className="h-7 w-full bg-sidebar-accent" />
          ))}
        </div>
        <Skeleton className="mt-auto h-12 w-full bg-sidebar-accent" />
      </div>
      <div className="flex flex-1 flex-col" aria-hidden="true">
        <div className="flex h-14 items-center gap-3 border-b px-4">
          <Skeleton className="size-8" />
          <Skeleton className="h-4 w-32" />
        </div>
        <PageSkeleton className="p-4 md:p-8" />
      </div>
    </div>
  );
}
