// Federation entry of ./ApiManagementPage, checked against the props @acp/federation/remotes declares for it.
import type { ExposedComponent } from "@acp/federation/remotes";
import { ApiManagementPage } from "../app/api-management-page";

export default ApiManagementPage satisfies ExposedComponent<"mf-api", "./ApiManagementPage">;
