// Standalone entry for `vite dev` in mf-dashboard: the page inside the provider harness the shell would give it.
import { renderStandalone } from "@acp/federation/standalone";
import { DashboardPage } from "./app/dashboard-page";

renderStandalone({
  routes: [{ path: "/", label: "Dashboard", element: <DashboardPage /> }],
});
