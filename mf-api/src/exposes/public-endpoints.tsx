// Federation entry of ./PublicEndpoints for the dashboard's Management tab: the public agents' endpoints with their
// Test box, checked against the props @acp/federation/remotes declares.
import type { ExposedComponent } from "@acp/federation/remotes";
import { PublicEndpointsCard } from "../features/endpoints/components/public-endpoints-card";

export default PublicEndpointsCard satisfies ExposedComponent<"mf-api", "./PublicEndpoints">;
