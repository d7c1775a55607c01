// Federation entry of ./DashboardPage: loads the remote's styles, then default-exports the page for the shell.
import "../styles";
import { DashboardPage } from "../app/dashboard-page";

export default DashboardPage;
