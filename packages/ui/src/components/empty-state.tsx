// What a list or panel shows when it has nothing yet: an icon, a short title, one sentence and an optional action.
import type * as React from "react";
import { cn } from "../lib/cn";

export type EmptyStateProps = Omit<React.ComponentProps<"div">, "title"> & {
  /** A decorative lucide icon, e.g. `<FolderOpen aria-hidden="true" />`. */
  icon: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
};

export function EmptyState({ icon, title, description, className, children, ...props }: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        "flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center",
        className,
      )}
      {...props}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6">
        {icon}
      </span>
      <h3 className="font-medium">{title}</h3>
      {description ? <p className="max-w-sm text-muted-foreground text-sm">{description}</p> : null}
      {children}
    </div>
  );
}
