// Federation entry of ./KnowledgePage, checked against the props @acp/federation/remotes declares for it.
import type { ExposedComponent } from "@acp/federation/remotes";
import { KnowledgePage as KnowledgePageContent } from "../app/knowledge-page";
import { RemoteScope } from "../components/remote-scope";

function KnowledgePage() {
  return (
    <RemoteScope>
      <KnowledgePageContent />
    </RemoteScope>
  );
}

export default KnowledgePage satisfies ExposedComponent<"mf-knowledge", "./KnowledgePage">;
