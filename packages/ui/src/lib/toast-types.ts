// The toast's look (variants) and prop types, apart from its components: the store (hooks/use-toast) and the
// components (components/toast) both use them, and neither imports the other's module for them (no import circle).
import { cva, type VariantProps } from "class-variance-authority";
import type { Toast as ToastPrimitive } from "radix-ui";
import type * as React from "react";

export const toastVariants = cva(
  [
    "group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg",
    "transition-[translate] duration-200 ease-out",
    "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
    "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out",
    // Follow the finger while dragging, snap back on cancel, and fly off from the release point on success.
    "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none",
    "data-[swipe=cancel]:translate-x-0 data-[swipe=end]:animate-toast-swipe-out!",
  ],
  {
    variants: {
      variant: {
        default: "border-border bg-background text-foreground",
        destructive: "destructive border-destructive bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: {
      variant: "default",
    },
  },
);

export type ToastProps = React.ComponentProps<typeof ToastPrimitive.Root> &
  VariantProps<typeof toastVariants>;

/** Pass as `action` to toast(); Radix requires altText so screen-reader users learn an alternative. */
export type ToastActionElement = React.ReactElement<React.ComponentProps<typeof ToastPrimitive.Action>>;
