// Standalone entry for `vite dev` in mf-api: the page inside the provider harness the shell would give it.
import "./standalone.css";
import "./styles";
import { renderStandalone } from "@acp/federation/standalone";
import { ApiManagementPage } from "./app/api-management-page";
import { REMOTE_NAME } from "./env";

renderStandalone({
  remote: REMOTE_NAME,
  routes: [{ path: "/", label: "API Management", element: <ApiManagementPage /> }],
});
