// User/agent avatar on Radix Avatar: shows the image once loaded, otherwise initials.
import { Avatar as AvatarPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../lib/cn";

/** "Ada Lovelace" → "AL", "cher" → "C", "  " → "?"; first and last word so long names stay two letters. */
export function getInitials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return "?";
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = [first, last].map((word) => (word ? Array.from(word)[0] : ""));
  return letters.join("").toLocaleUpperCase();
}

export function Avatar({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn("relative flex size-8 shrink-0 overflow-hidden rounded-full", className)}
      {...props}
    />
  );
}

export function AvatarImage({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      className={cn("aspect-square size-full object-cover", className)}
      {...props}
    />
  );
}

export type AvatarFallbackProps = React.ComponentProps<typeof AvatarPrimitive.Fallback> & {
  /** Full name to derive initials from when no children are given; also becomes the accessible label. */
  name?: string;
};

export function AvatarFallback({ className, name, children, ...props }: AvatarFallbackProps) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(
        "flex size-full select-none items-center justify-center rounded-full bg-primary/10 font-medium text-primary text-xs",
        className,
      )}
      {...(name !== undefined && children === undefined ? { role: "img", "aria-label": name } : {})}
      {...props}
    >
      {children ?? getInitials(name)}
    </AvatarPrimitive.Fallback>
  );
}
