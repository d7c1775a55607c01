// The selected tab lives in the URL ("/?tab=knowledge"): Back returns to the previous tab and a reload keeps it.
import { useSearchParams } from "@acp/router";
import { useCallback } from "react";
import { type DashboardTab, DEFAULT_TAB, parseTab, TAB_PARAM } from "./dashboard-tabs";

export function useDashboardTab(): [DashboardTab, (tab: DashboardTab) => void] {
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get(TAB_PARAM));
  const select = useCallback(
    (next: DashboardTab) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_TAB) updated.delete(TAB_PARAM);
        else updated.set(TAB_PARAM, next);
        return updated;
      }),
    [setParams],
  );
  return [tab, select];
}
