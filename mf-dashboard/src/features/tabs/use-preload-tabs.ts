// A tab's remotes load when it opens; the other tabs' are fetched when the browser is idle (and at once when the
// pointer or focus reaches their trigger), so switching tab rarely shows a skeleton.
import { useCallback, useEffect } from "react";
import { type DashboardTab, TAB_WIDGETS } from "./dashboard-tabs";

export function preloadTab(tab: DashboardTab): void {
  for (const widget of TAB_WIDGETS[tab]) widget.preload();
}

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** After the first paint of the current tab, when the browser has nothing else to do, warms every other tab. */
export function usePreloadTabsWhenIdle(current: DashboardTab): void {
  // Only the first tab shown decides what is warmed; later switches find the rest already loading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: warming runs once per page view.
  useEffect(() => {
    const others = (Object.keys(TAB_WIDGETS) as DashboardTab[]).filter((tab) => tab !== current);
    const idle = window as IdleWindow;
    const warm = () => {
      for (const tab of others) preloadTab(tab);
    };
    if (idle.requestIdleCallback && idle.cancelIdleCallback) {
      const handle = idle.requestIdleCallback(warm, { timeout: 5_000 });
      return () => idle.cancelIdleCallback?.(handle);
    }
    const timer = setTimeout(warm, 2_000);
    return () => clearTimeout(timer);
  }, []);
}

/** Handlers for a tab trigger: hovering or focusing it starts loading its widgets. */
export function usePreloadOnIntent(tab: DashboardTab) {
  const start = useCallback(() => preloadTab(tab), [tab]);
  return { onPointerEnter: start, onFocus: start };
}
