// Federation entry of ./KnowledgePage, checked against the props @acp/federation/remotes declares for it.
import type { ExposedComponent } from "@acp/federation/remotes";
import { KnowledgePage } from "../app/knowledge-page";

export default KnowledgePage satisfies ExposedComponent<"mf-knowledge", "./KnowledgePage">;
