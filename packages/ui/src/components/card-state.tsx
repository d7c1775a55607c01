// What a card shows for data it reads: pulsing placeholders (announced) while loading, the failure sentence with a
// retry, an empty state, or the loaded content; one component so every card behaves and reads the same.
import type * as React from "react";
import { cn } from "../lib/cn";
import { Button } from "./button";
import { EmptyState } from "./empty-state";
import { Skeleton } from "./skeleton";

export type CardStatus = "loading" | "error" | "empty" | "ready";

/** The status of a read from its flags, in the order that matters: loading first, then failure, then emptiness. */
export function cardStatus({
  loading,
  error,
  empty = false,
}: {
  loading: boolean;
  error: boolean;
  empty?: boolean;
}): CardStatus {
  if (loading) return "loading";
  if (error) return "error";
  return empty ? "empty" : "ready";
}

export type CardStateEmpty = {
  /** A decorative lucide icon, e.g. `<FolderOpen aria-hidden="true" />`. */
  icon: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** A button or link that gets the user out of the empty state. */
  action?: React.ReactNode;
  /** A one-line empty state, for a small card or a list under another control. */
  compact?: boolean;
};

export type CardStateProps = {
  status: CardStatus;
  /** What screen readers hear while it loads, e.g. "Loading API keys…". */
  loadingLabel: string;
  /** What stands in for the content while it loads, shaped like it; by default `rows` pulsing bars. */
  placeholder?: React.ReactNode;
  rows?: number;
  /** The sentence said when the read failed, e.g. "API keys could not be loaded: …". */
  errorMessage?: React.ReactNode;
  /** Offers "Try again" beside the failure. */
  onRetry?: (() => void) | undefined;
  /** Keep the content (with its unknown values) above the failure instead of replacing it. */
  keepContentOnError?: boolean;
  /** What an empty result shows. */
  empty?: CardStateEmpty;
  /** The loaded content; a function so it only runs once the data is there. */
  children: () => React.ReactNode;
  className?: string;
};

export function CardState({
  status,
  loadingLabel,
  placeholder,
  rows = 2,
  errorMessage,
  onRetry,
  keepContentOnError = false,
  empty,
  children,
  className,
}: CardStateProps) {
  if (status === "loading") {
    return (
      <div data-slot="card-state" data-status="loading" aria-busy="true" className={className}>
        <span role="status" className="sr-only">
          {loadingLabel}
        </span>
        {placeholder ?? (
          <div className="flex flex-col gap-2">
            {Array.from({ length: rows }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <Skeleton key={index} className="h-14" />
            ))}
          </div>
        )}
      </div>
    );
  }
  if (status === "error") {
    return (
      <div data-slot="card-state" data-status="error" className={cn("flex flex-col gap-3", className)}>
        {keepContentOnError ? children() : null}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p role="alert" className="min-w-0 break-words text-destructive text-sm">
            {errorMessage ?? "This could not be loaded."}
          </p>
          {onRetry ? (
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </div>
      </div>
    );
  }
  if (status === "empty" && empty) {
    return empty.compact ? (
      <div
        data-slot="card-state"
        data-status="empty"
        className={cn("flex flex-col gap-2 text-muted-foreground text-sm", className)}
      >
        <p className="flex items-center gap-2 [&_svg]:size-4 [&_svg]:shrink-0">
          {empty.icon}
          <span>{empty.title}</span>
        </p>
        {empty.description ? <p className="text-xs">{empty.description}</p> : null}
        {empty.action}
      </div>
    ) : (
      <EmptyState
        data-status="empty"
        icon={empty.icon}
        title={empty.title}
        description={empty.description}
        className={className}
      >
        {empty.action}
      </EmptyState>
    );
  }
  return <>{children()}</>;
}
