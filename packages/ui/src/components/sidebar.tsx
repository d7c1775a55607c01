// App navigation sidebar: collapsible to an icon rail on desktop, a slide-in sheet below 768 px.
import { cva, type VariantProps } from "class-variance-authority";
import { PanelLeftIcon } from "lucide-react";
import { Slot } from "radix-ui";
import * as React from "react";
import { useIsMobile } from "../hooks/use-mobile";
import { cn } from "../lib/cn";
import {
  isSidebarToggleShortcut,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  type SidebarState,
  serializeSidebarCookie,
  toSidebarState,
} from "../lib/sidebar-state";
import { Button } from "./button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "./sheet";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "./tooltip";

export {
  isSidebarToggleShortcut,
  MOBILE_BREAKPOINT,
  parseSidebarCookie,
  readSidebarCookie,
  SIDEBAR_COOKIE_MAX_AGE,
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_COOKIE_PATH,
  SIDEBAR_KEYBOARD_SHORTCUT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  type SidebarState,
  serializeSidebarCookie,
} from "../lib/sidebar-state";

/** Collapsed-rail tooltips are the only label a sighted user gets, so they must not make them wait. */
export const SIDEBAR_TOOLTIP_DELAY = 0;

export type SidebarContextValue = {
  state: SidebarState;
  open: boolean;
  setOpen: (open: boolean | ((open: boolean) => boolean)) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean | ((open: boolean) => boolean)) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
};

const SidebarContext = React.createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = React.useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used within a SidebarProvider.");
  return context;
}

export type SidebarProviderProps = React.ComponentProps<"div"> & {
  /** Initial desktop state when uncontrolled; pass the saved cookie value (see readSidebarCookie). */
  defaultOpen?: boolean;
  /** Controlled desktop state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

export function SidebarProvider({
  defaultOpen = true,
  open: openProp,
  onOpenChange,
  className,
  style,
  children,
  ...props
}: SidebarProviderProps) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = React.useState(false);
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(defaultOpen);
  const open = openProp ?? uncontrolledOpen;

  const setOpen = React.useCallback(
    (value: boolean | ((open: boolean) => boolean)) => {
      const next = typeof value === "function" ? value(open) : value;
      if (openProp === undefined) setUncontrolledOpen(next);
      onOpenChange?.(next);
      // Written on user action only, so the server/host can render the remembered state on next load.
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every supported browser.
      document.cookie = serializeSidebarCookie(next);
    },
    [open, openProp, onOpenChange],
  );

  const toggleSidebar = React.useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen((value) => !value);
  }, [isMobile, setOpen]);

  React.useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // An editor that already used Ctrl/Cmd+B (bold) calls preventDefault; leave the sidebar alone then.
      if (event.defaultPrevented || !isSidebarToggleShortcut(event)) return;
      event.preventDefault();
      toggleSidebar();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggleSidebar]);

  const state = toSidebarState(open);
  const context = React.useMemo<SidebarContextValue>(
    () => ({ state, open, setOpen, isMobile, openMobile, setOpenMobile, toggleSidebar }),
    [state, open, setOpen, isMobile, openMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={context}>
      <div
        data-slot="sidebar-wrapper"
        style={
          {
            "--sidebar-width": SIDEBAR_WIDTH,
            "--sidebar-width-icon": SIDEBAR_WIDTH_ICON,
            ...style,
          } as React.CSSProperties
        }
        className={cn(
          "group/sidebar-wrapper flex min-h-svh w-full has-data-[variant=inset]:bg-sidebar",
          className,
        )}
        {...props}
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

export type SidebarProps = React.ComponentProps<"div"> & {
  side?: "left" | "right";
  variant?: "sidebar" | "floating" | "inset";
  /** "icon" shrinks to a 3rem rail of icons, "offcanvas" slides fully away, "none" is always expanded. */
  collapsible?: "icon" | "offcanvas" | "none";
  /** Accessible name of the navigation landmark ("Main" is announced as "Main navigation"). */
  "aria-label"?: string;
  /** Title announced when the mobile sheet opens. */
  mobileTitle?: string;
};

export function Sidebar({
  side = "left",
  variant = "sidebar",
  collapsible = "icon",
  "aria-label": ariaLabel = "Main",
  mobileTitle = "Navigation",
  className,
  style,
  children,
  ...props
}: SidebarProps) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();

  if (collapsible === "none") {
    return (
      <TooltipProvider delayDuration={SIDEBAR_TOOLTIP_DELAY}>
        <nav
          aria-label={ariaLabel}
          data-slot="sidebar"
          data-sidebar="sidebar"
          className={cn(
            "flex h-full w-(--sidebar-width) flex-col bg-sidebar text-sidebar-foreground",
            className,
          )}
          style={style}
          {...props}
        >
          {children}
        </nav>
      </TooltipProvider>
    );
  }

  if (isMobile) {
    return (
      <TooltipProvider delayDuration={SIDEBAR_TOOLTIP_DELAY}>
        <Sheet open={openMobile} onOpenChange={setOpenMobile}>
          <SheetContent
            data-slot="sidebar"
            data-sidebar="sidebar"
            data-mobile="true"
            side={side}
            className={cn(
              "w-(--sidebar-width) border-sidebar-border bg-sidebar p-0 text-sidebar-foreground",
              // Keep the sheet's close button usable (touch and screen-reader users) without covering the header.
              "[&>[data-slot=sheet-close]]:text-sidebar-foreground [&_[data-sidebar=header]]:pr-10",
              className,
            )}
            style={{ "--sidebar-width": SIDEBAR_WIDTH_MOBILE, ...style } as React.CSSProperties}
            {...props}
          >
            <SheetHeader className="sr-only">
              <SheetTitle>{mobileTitle}</SheetTitle>
              <SheetDescription>Site navigation</SheetDescription>
            </SheetHeader>
            <nav aria-label={ariaLabel} className="flex h-full w-full flex-col">
              {children}
            </nav>
          </SheetContent>
        </Sheet>
      </TooltipProvider>
    );
  }

  const inset = variant === "floating" || variant === "inset";
  return (
    <div
      className="group peer hidden text-sidebar-foreground md:block"
      data-state={state}
      data-collapsible={state === "collapsed" ? collapsible : ""}
      data-variant={variant}
      data-side={side}
      data-slot="sidebar"
    >
      {/* Reserves the sidebar's width in the page flow, because the panel itself is position: fixed. */}
      <div
        data-slot="sidebar-gap"
        className={cn(
          "relative w-(--sidebar-width) bg-transparent transition-[width] duration-200 ease-linear",
          "group-data-[collapsible=offcanvas]:w-0 group-data-[side=right]:rotate-180",
          inset
            ? "group-data-[collapsible=icon]:w-[calc(var(--sidebar-width-icon)+1rem)]"
            : "group-data-[collapsible=icon]:w-(--sidebar-width-icon)",
        )}
      />
      <div
        data-slot="sidebar-container"
        className={cn(
          "fixed inset-y-0 z-10 hidden h-svh w-(--sidebar-width) transition-[left,right,width] duration-200 ease-linear md:flex",
          side === "left"
            ? "left-0 group-data-[collapsible=offcanvas]:left-[calc(var(--sidebar-width)*-1)]"
            : "right-0 group-data-[collapsible=offcanvas]:right-[calc(var(--sidebar-width)*-1)]",
          inset
            ? "p-2 group-data-[collapsible=icon]:w-[calc(var(--sidebar-width-icon)+1rem+2px)]"
            : "border-sidebar-border group-data-[collapsible=icon]:w-(--sidebar-width-icon) group-data-[side=left]:border-r group-data-[side=right]:border-l",
          className,
        )}
        style={style}
        {...props}
      >
        <TooltipProvider delayDuration={SIDEBAR_TOOLTIP_DELAY}>
          <nav
            aria-label={ariaLabel}
            data-sidebar="sidebar"
            data-slot="sidebar-inner"
            className={cn(
              "flex h-full w-full flex-col bg-sidebar",
              "group-data-[variant=floating]:rounded-lg group-data-[variant=floating]:border group-data-[variant=floating]:border-sidebar-border group-data-[variant=floating]:shadow-sm",
            )}
          >
            {children}
          </nav>
        </TooltipProvider>
      </div>
    </div>
  );
}

export type SidebarTriggerProps = React.ComponentProps<typeof Button> & {
  /** Accessible name; keep the default unless localising. */
  label?: string;
};

export function SidebarTrigger({
  className,
  onClick,
  label = "Toggle Sidebar",
  ...props
}: SidebarTriggerProps) {
  const { toggleSidebar, open, openMobile, isMobile } = useSidebar();
  return (
    <Button
      data-sidebar="trigger"
      data-slot="sidebar-trigger"
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-expanded={isMobile ? openMobile : open}
      aria-keyshortcuts="Control+B Meta+B"
      className={cn("size-8", className)}
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeftIcon aria-hidden="true" />
    </Button>
  );
}

/** Thin drag-edge affordance for mouse users; the keyboard path is SidebarTrigger and Ctrl/Cmd+B. */
export function SidebarRail({ className, ...props }: React.ComponentProps<"button">) {
  const { toggleSidebar } = useSidebar();
  return (
    <button
      type="button"
      data-sidebar="rail"
      data-slot="sidebar-rail"
      // Duplicate of SidebarTrigger: hidden from the a11y tree and tab order so it is not announced twice.
      aria-hidden="true"
      tabIndex={-1}
      onClick={toggleSidebar}
      title="Toggle Sidebar"
      className={cn(
        "absolute inset-y-0 z-20 hidden w-4 -translate-x-1/2 transition-all ease-linear sm:flex",
        "after:absolute after:inset-y-0 after:left-1/2 after:w-[2px] hover:after:bg-sidebar-border",
        "group-data-[side=left]:-right-4 group-data-[side=right]:left-0",
        "in-data-[side=left]:cursor-w-resize in-data-[side=right]:cursor-e-resize",
        "[[data-side=left][data-state=collapsed]_&]:cursor-e-resize [[data-side=right][data-state=collapsed]_&]:cursor-w-resize",
        "group-data-[collapsible=offcanvas]:translate-x-0 group-data-[collapsible=offcanvas]:after:left-full hover:group-data-[collapsible=offcanvas]:bg-sidebar",
        "[[data-side=left][data-collapsible=offcanvas]_&]:-right-2 [[data-side=right][data-collapsible=offcanvas]_&]:-left-2",
        className,
      )}
      {...props}
    />
  );
}

/** The page's main landmark next to the sidebar; do not nest another <main> inside it. */
export function SidebarInset({ className, ...props }: React.ComponentProps<"main">) {
  return (
    <main
      data-slot="sidebar-inset"
      className={cn(
        "relative flex w-full min-w-0 flex-1 flex-col bg-background",
        "md:peer-data-[variant=inset]:m-2 md:peer-data-[variant=inset]:ml-0 md:peer-data-[variant=inset]:rounded-xl md:peer-data-[variant=inset]:shadow-sm",
        "md:peer-data-[variant=inset]:peer-data-[state=collapsed]:ml-2",
        className,
      )}
      {...props}
    />
  );
}

export function SidebarHeader({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="sidebar-header"
      data-sidebar="header"
      className={cn("flex flex-col gap-2 p-2", className)}
      {...props}
    />
  );
}

export function SidebarFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="sidebar-footer"
      data-sidebar="footer"
      className={cn("mt-auto flex flex-col gap-2 p-2", className)}
      {...props}
    />
  );
}

export function SidebarContent({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="sidebar-content"
      data-sidebar="content"
      className={cn(
        "flex min-h-0 flex-1 flex-col gap-2 overflow-auto group-data-[collapsible=icon]:overflow-hidden",
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroup({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="sidebar-group"
      data-sidebar="group"
      className={cn("relative flex w-full min-w-0 flex-col p-2", className)}
      {...props}
    />
  );
}

export function SidebarGroupLabel({
  className,
  asChild = false,
  ...props
}: React.ComponentProps<"div"> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : "div";
  return (
    <Comp
      data-slot="sidebar-group-label"
      data-sidebar="group-label"
      className={cn(
        "flex h-8 shrink-0 items-center rounded-md px-2 font-semibold text-[0.6875rem] text-sidebar-foreground/65 uppercase tracking-wider outline-none",
        "transition-[margin,opacity] duration-200 ease-linear focus-visible:ring-2 focus-visible:ring-sidebar-ring",
        "[&>svg]:size-4 [&>svg]:shrink-0",
        "group-data-[collapsible=icon]:-mt-8 group-data-[collapsible=icon]:opacity-0",
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroupContent({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="sidebar-group-content"
      data-sidebar="group-content"
      className={cn("w-full text-sm", className)}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: React.ComponentProps<"ul">) {
  return (
    <ul
      data-slot="sidebar-menu"
      data-sidebar="menu"
      className={cn("flex w-full min-w-0 flex-col gap-1", className)}
      {...props}
    />
  );
}

export function SidebarMenuItem({ className, ...props }: React.ComponentProps<"li">) {
  return (
    <li
      data-slot="sidebar-menu-item"
      data-sidebar="menu-item"
      className={cn("group/menu-item relative", className)}
      {...props}
    />
  );
}

export const sidebarMenuButtonVariants = cva(
  [
    "peer/menu-button flex w-full items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm outline-none",
    "text-sidebar-foreground/85 transition-[width,height,padding,background-color,color] duration-150",
    "hover:bg-sidebar-accent hover:text-sidebar-accent-foreground active:bg-sidebar-accent",
    "focus-visible:ring-2 focus-visible:ring-sidebar-ring",
    "disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50",
    // Room for a SidebarMenuBadge sibling: a count or a short word ("Active", "Ready").
    "group-has-data-[sidebar=menu-badge]/menu-item:pr-13",
    // Active page: tinted surface plus an accent bar, so it is not signalled by colour alone.
    "data-[active=true]:bg-sidebar-accent data-[active=true]:font-medium data-[active=true]:text-sidebar-accent-foreground",
    "data-[active=true]:shadow-[inset_3px_0_0_0_var(--color-sidebar-primary)]",
    "group-data-[collapsible=icon]:size-8! group-data-[collapsible=icon]:p-2!",
    "[&>span:last-child]:truncate [&>svg]:size-4 [&>svg]:shrink-0",
  ],
  {
    variants: {
      variant: {
        default: "",
        outline:
          "bg-sidebar shadow-[0_0_0_1px_var(--color-sidebar-border)] hover:shadow-[0_0_0_1px_var(--color-sidebar-accent)]",
      },
      size: {
        default: "h-8 text-sm",
        sm: "h-7 text-xs",
        lg: "h-12 text-sm group-data-[collapsible=icon]:p-0!",
      },
    },
    defaultVariants: {
      variant: "default",
      size: "default",
    },
  },
);

export type SidebarMenuButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof sidebarMenuButtonVariants> & {
    /** Render the child (e.g. a router <Link>) instead of a <button>. */
    asChild?: boolean;
    /** Marks the current page: aria-current="page" plus the highlighted style. */
    isActive?: boolean;
    /**
     * Shown to the right of the item while the sidebar is collapsed to icons, and while expanded when the label
     * (the last <span>) is cut short (desktop only).
     */
    tooltip?: string | React.ComponentProps<typeof TooltipContent>;
  };

/** Whether the button's label, its last <span>, is truncated (CSS `truncate` hides the rest behind "…"). */
function isLabelTruncated(button: HTMLElement | null): boolean {
  const label = button?.querySelector(":scope > span:last-child");
  return !!label && label.scrollWidth > label.clientWidth;
}

export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  variant = "default",
  size = "default",
  tooltip,
  className,
  type,
  ref,
  ...props
}: SidebarMenuButtonProps) {
  const { isMobile, state } = useSidebar();
  // Always controlled (never switching modes) so the button keeps its identity, and focus, across collapse.
  const [tooltipOpen, setTooltipOpen] = React.useState(false);
  const element = React.useRef<HTMLButtonElement | null>(null);
  const setRef = React.useCallback(
    (node: HTMLButtonElement | null) => {
      element.current = node;
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  // A tooltip opened in one state (collapsed, or expanded over a cut-short label) does not carry over to the other.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `state` is the trigger, not a value the effect reads.
  React.useEffect(() => setTooltipOpen(false), [state]);
  const Comp = asChild ? Slot.Root : "button";

  const button = (
    <Comp
      ref={setRef}
      data-slot="sidebar-menu-button"
      data-sidebar="menu-button"
      data-size={size}
      data-active={isActive}
      aria-current={isActive ? "page" : undefined}
      type={asChild ? type : (type ?? "button")}
      className={cn(sidebarMenuButtonVariants({ variant, size }), className)}
      {...props}
    />
  );

  if (!tooltip) return button;

  const contentProps = typeof tooltip === "string" ? { children: tooltip } : tooltip;
  // Decided when the tooltip asks to open, so a long name next to a badge is readable in full on hover or focus.
  const onOpenChange = (open: boolean) =>
    setTooltipOpen(open && !isMobile && (state === "collapsed" || isLabelTruncated(element.current)));
  return (
    <Tooltip open={tooltipOpen && !isMobile} onOpenChange={onOpenChange}>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right" align="center" {...contentProps} />
    </Tooltip>
  );
}

export function SidebarMenuBadge({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      data-slot="sidebar-menu-badge"
      data-sidebar="menu-badge"
      className={cn(
        "pointer-events-none absolute top-1.5 right-1 flex h-5 min-w-5 select-none items-center justify-center rounded-full px-1",
        "bg-sidebar-primary/20 font-semibold text-[0.625rem] text-sidebar-foreground tabular-nums leading-none",
        "peer-data-[size=sm]/menu-button:top-1 peer-data-[size=lg]/menu-button:top-3.5",
        "peer-data-[active=true]/menu-button:bg-sidebar-primary peer-data-[active=true]/menu-button:text-sidebar-primary-foreground",
        "group-data-[collapsible=icon]:hidden",
        className,
      )}
      {...props}
    />
  );
}
