// Standalone entry for `vite dev` in mf-dashboard: the page inside the provider harness the shell would give it.
import "./standalone.css";
import "./styles";
import { renderStandalone } from "@acp/federation/standalone";
import { DashboardPage } from "./app/dashboard-page";
import { REMOTE_NAME } from "./env";

renderStandalone({
  remote: REMOTE_NAME,
  routes: [{ path: "/", label: "Dashboard", element: <DashboardPage /> }],
});
