// Tracks whether the viewport is below the mobile breakpoint (768 px), where the sidebar becomes a sheet.
import * as React from "react";
import { MOBILE_BREAKPOINT } from "../lib/sidebar-state";

export { MOBILE_BREAKPOINT };

export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window === "undefined" || !window.matchMedia) return () => {};
  const query = window.matchMedia(MOBILE_MEDIA_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function getSnapshot(): boolean {
  if (typeof window === "undefined" || !window.matchMedia) return false;
  return window.matchMedia(MOBILE_MEDIA_QUERY).matches;
}

// Desktop is the server guess: the panel is used on desktops far more than on phones.
function getServerSnapshot(): boolean {
  return false;
}

/** useSyncExternalStore reads the media query during render, so there is no desktop-then-mobile flash. */
export function useIsMobile(): boolean {
  return React.useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
