// Federation entry of ./ApiManagementPage: loads the remote's styles, then default-exports the page.
import "../styles";
import { ApiManagementPage } from "../app/api-management-page";

export default ApiManagementPage;
