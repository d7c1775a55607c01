// The selected tab lives in the URL ("/?tab=knowledge"): Back returns to the previous tab and a reload keeps it. The
// tab switches at once on a click (an urgent update), not when the router's navigation, a transition that would hold
// the old tab on screen until the new tab's remotes have loaded, lands; Back and Forward move it from the URL.
import { useSearchParams } from "@acp/router";
import { useCallback, useEffect, useState } from "react";
import { type DashboardTab, DEFAULT_TAB, parseTab, TAB_PARAM } from "./dashboard-tabs";

export function useDashboardTab(): [DashboardTab, (tab: DashboardTab) => void] {
  const [params, setParams] = useSearchParams();
  const inUrl = parseTab(params.get(TAB_PARAM));
  const [tab, setTab] = useState(inUrl);
  useEffect(() => setTab(inUrl), [inUrl]);
  const select = useCallback(
    (next: DashboardTab) => {
      setTab(next);
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_TAB) updated.delete(TAB_PARAM);
        else updated.set(TAB_PARAM, next);
        return updated;
      });
    },
    [setParams],
  );
  return [tab, select];
}
