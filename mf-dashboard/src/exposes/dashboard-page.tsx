// Federation entry of ./DashboardPage, checked against the props @acp/federation/remotes declares for it.
import type { ExposedComponent } from "@acp/federation/remotes";
import { DashboardPage } from "../app/dashboard-page";

export default DashboardPage satisfies ExposedComponent<"mf-dashboard", "./DashboardPage">;
