// Sidebar constants and pure helpers (cookie persistence, keyboard shortcut), free of React for tests and SSR.

/** Product spec: the expanded/collapsed state is remembered in this cookie for 7 days on every path. */
export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_COOKIE_PATH = "/";
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_WIDTH_ICON = "3rem";
/** Ctrl+B (Windows/Linux) or Cmd+B (macOS) toggles the sidebar. */
export const SIDEBAR_KEYBOARD_SHORTCUT = "b";
/** Below this viewport width (px) the sidebar becomes a slide-in sheet. */
export const MOBILE_BREAKPOINT = 768;

export type SidebarState = "expanded" | "collapsed";

/** Value for `document.cookie = …`; SameSite=Lax because the state is never needed cross-site. */
export function serializeSidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=${SIDEBAR_COOKIE_PATH}; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/**
 * Reads the saved state from a Cookie header or `document.cookie` string. Returns undefined when absent or
 * malformed so callers fall back to their own default instead of silently collapsing the sidebar.
 */
export function parseSidebarCookie(cookieString: string | null | undefined): boolean | undefined {
  if (!cookieString) return undefined;
  for (const part of cookieString.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== SIDEBAR_COOKIE_NAME) continue;
    const value = part.slice(separator + 1).trim();
    if (value === "true") return true;
    if (value === "false") return false;
    return undefined;
  }
  return undefined;
}

/** Convenience for the host: the saved state in the browser, or `fallback` when none (or no document). */
export function readSidebarCookie(fallback = true): boolean {
  if (typeof document === "undefined") return fallback;
  return parseSidebarCookie(document.cookie) ?? fallback;
}

export type ShortcutKeyEvent = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey"> & {
  isComposing?: boolean;
};

/**
 * Ctrl+B or Cmd+B, but not with Alt/Shift (those are other apps' shortcuts, e.g. Ctrl+Shift+B for the
 * bookmarks bar) and not mid-IME-composition. Case-insensitive so Caps Lock does not break it.
 */
export function isSidebarToggleShortcut(event: ShortcutKeyEvent): boolean {
  if (event.isComposing) return false;
  if (!(event.ctrlKey || event.metaKey)) return false;
  if (event.altKey || event.shiftKey) return false;
  return event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT;
}

export function toSidebarState(open: boolean): SidebarState {
  return open ? "expanded" : "collapsed";
}
