// The dashboard's page head, rendered at build time (createRemoteViteConfig's `pageHeads`): the header with the
// user's card as a placeholder, which the API puts into the first HTML of "/" so the page's title paints with it.
import { PAGE_PATHS } from "@acp/federation/remotes";
import { renderToStaticMarkup } from "react-dom/server";
import { DashboardHeaderView } from "./features/overview/components/dashboard-header";

export function renderPageHeads(): Record<string, string> {
  return { [PAGE_PATHS.dashboard]: renderToStaticMarkup(<DashboardHeaderView user={undefined} />) };
}
