// A tab's remotes load when it opens; the other tabs' files are fetched into the browser cache once the open tab's
// have arrived and the browser is idle, without running them (they load for real at once when the pointer or focus
// reaches their trigger), so switching tab rarely shows a skeleton and warming never competes with what is on screen:
// running other tabs' modules and applying their stylesheets kept the main thread busy while the page settled.
import { whenIdle } from "@acp/ui/lib/when-idle";
import { useCallback, useEffect } from "react";
import { type DashboardTab, TAB_WIDGETS } from "./dashboard-tabs";

/** Starts loading every widget of `tab`; settles when all have arrived or failed (failures show in the tab). */
export function preloadTab(tab: DashboardTab): Promise<unknown> {
  return Promise.allSettled(TAB_WIDGETS[tab].map((widget) => widget.load()));
}

/** Fetches the files of every widget of `tab` into the browser cache, running none of them. */
export function prefetchTab(tab: DashboardTab): Promise<unknown> {
  return Promise.allSettled(TAB_WIDGETS[tab].map((widget) => widget.prefetch()));
}

/** A User Timing mark: the first tab's widgets have arrived (benchmarks split first-load from warming with it). */
export const FIRST_TAB_LOADED_MARK = "acp:dashboard-first-tab-loaded";

/** Once the first tab's widgets have arrived, when the browser has nothing else to do, prefetches every other tab. */
export function usePreloadTabsWhenIdle(current: DashboardTab): void {
  // Only the first tab shown decides what is warmed; later switches find the rest already loading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: warming runs once per page view.
  useEffect(() => {
    const others = (Object.keys(TAB_WIDGETS) as DashboardTab[]).filter((tab) => tab !== current);
    const warm = () => {
      for (const tab of others) void prefetchTab(tab);
    };
    let cancel: (() => void) | undefined;
    let unmounted = false;
    void preloadTab(current).then(() => {
      if (unmounted) return;
      performance.mark(FIRST_TAB_LOADED_MARK);
      cancel = whenIdle(warm, 5_000);
    });
    return () => {
      unmounted = true;
      cancel?.();
    };
  }, []);
}

/** Handlers for a tab trigger: hovering or focusing it starts loading its widgets. */
export function usePreloadOnIntent(tab: DashboardTab) {
  const start = useCallback(() => void preloadTab(tab), [tab]);
  return { onPointerEnter: start, onFocus: start };
}
