// The placeholder of a page while it loads: a title, a subtitle, a row of cards and a large panel.
import type * as React from "react";
import { cn } from "../lib/cn";
import { Skeleton } from "./skeleton";

const CARDS = ["a", "b", "c", "d"];

/** Hidden from assistive tech like Skeleton: put it inside an aria-busy status region that names what loads. */
export function PageSkeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="page-skeleton"
      aria-hidden="true"
      className={cn("flex flex-col gap-6", className)}
      {...props}
    >
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-80 max-w-full" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CARDS.map((id) => (
          <Skeleton key={id} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}
