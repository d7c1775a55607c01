// Label and value rows (totals, settings) as a description list, with a skeleton per value while they load.
import type * as React from "react";
import { cn } from "../lib/cn";
import { Skeleton } from "./skeleton";

export type Stat = {
  label: string;
  /** Shown as "—" when unknown (undefined or null). */
  value: React.ReactNode;
};

export type StatListProps = Omit<React.ComponentProps<"dl">, "children"> & {
  stats: readonly Stat[];
  loading?: boolean;
};

export function StatList({ stats, loading = false, className, ...props }: StatListProps) {
  return (
    <dl data-slot="stat-list" className={cn("flex flex-col gap-3 text-sm", className)} {...props}>
      {stats.map((stat) => (
        <div key={stat.label} className="flex items-center justify-between gap-4">
          <dt className="text-muted-foreground">{stat.label}</dt>
          <dd className="font-medium tabular-nums">
            {loading ? <Skeleton className="h-4 w-16" /> : (stat.value ?? "—")}
          </dd>
        </div>
      ))}
    </dl>
  );
}
