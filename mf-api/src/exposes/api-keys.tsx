// Federation entry of ./ApiKeys for the dashboard's Management tab: create (shown once), activate, edit and delete
// keys with each key's usage, checked against the props @acp/federation/remotes declares.
import type { ExposedComponent } from "@acp/federation/remotes";
import { ApiKeysCard } from "../features/api-keys/components/api-keys-card";

export default ApiKeysCard satisfies ExposedComponent<"mf-api", "./ApiKeys">;
