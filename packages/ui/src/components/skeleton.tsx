// Loading placeholder; hidden from assistive tech, so pair it with an aria-busy region or status text.
import type * as React from "react";
import { cn } from "../lib/cn";

export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted", className)}
      {...props}
    />
  );
}
