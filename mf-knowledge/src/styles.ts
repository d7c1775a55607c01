// Injects mf-knowledge's scoped utilities into the page; every exposed module imports this first.
import { injectRemoteStyles } from "@acp/federation/remote-styles";
import { REMOTE_NAME } from "./env";
import css from "./styles.css?inline";

injectRemoteStyles(REMOTE_NAME, css);
