// Determinate progress bar (0-100) on Radix Progress, exposing role="progressbar" with aria-valuenow.
import { Progress as ProgressPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn";

export const PROGRESS_MAX = 100;

/** Keeps out-of-range or NaN input from producing an invalid aria-valuenow or a bar past its track. */
export function clampProgress(value: number | null | undefined): number | null {
  if (value === null || value === undefined || Number.isNaN(value)) return null;
  return Math.min(PROGRESS_MAX, Math.max(0, value));
}

export type ProgressProps = Omit<React.ComponentProps<typeof ProgressPrimitive.Root>, "max"> & {
  /** Percentage 0-100; `null`/`undefined` renders the indeterminate state. */
  value?: number | null;
  indicatorClassName?: string;
};

export function Progress({ className, value, indicatorClassName, ...props }: ProgressProps) {
  const clamped = clampProgress(value);
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={clamped}
      max={PROGRESS_MAX}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-primary/15", className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn(
          "h-full w-full flex-1 bg-primary transition-transform duration-300 ease-out",
          // Indeterminate: a full, pulsing bar reads as "working" where a 0% bar would read as "stuck".
          clamped === null && "animate-pulse opacity-60",
          indicatorClassName,
        )}
        style={clamped === null ? undefined : { transform: `translateX(-${PROGRESS_MAX - clamped}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
