// Standalone entry for `vite dev` in mf-api: the page inside the provider harness the shell would give it.
import { renderStandalone } from "@acp/federation/standalone";
import { ApiManagementPage } from "./app/api-management-page";

renderStandalone({
  routes: [{ path: "/", label: "API Management", element: <ApiManagementPage /> }],
});
