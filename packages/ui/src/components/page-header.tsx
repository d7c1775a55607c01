// The top of every page: its h1 title and a one-line subtitle, with an optional icon before and actions after.
import type * as React from "react";
import { cn } from "../lib/cn";

export type PageHeaderProps = Omit<React.ComponentProps<"header">, "title"> & {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Shown in a tile before the title (an agent's icon on its wizard). */
  icon?: React.ReactNode;
  /** Right of the title on wide screens, below it on narrow ones (a badge, the user's card). */
  actions?: React.ReactNode;
};

export function PageHeader({
  title,
  description,
  icon,
  actions,
  className,
  children,
  ...props
}: PageHeaderProps) {
  return (
    <header data-slot="page-header" className={cn("flex flex-col gap-6", className)} {...props}>
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-4">
          {icon ? (
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm [&_svg]:size-6">
              {icon}
            </span>
          ) : null}
          <div className="flex flex-col gap-1">
            <h1 className="font-bold text-3xl tracking-tight">{title}</h1>
            {description ? <p className="text-muted-foreground">{description}</p> : null}
          </div>
        </div>
        {actions ? (
          <div className="flex shrink-0 items-center gap-3 self-start md:self-center">{actions}</div>
        ) : null}
      </div>
      {children}
    </header>
  );
}
