// Federation entry of ./DocumentList: the user's documents with status, delete and detail.

import type { ExposedComponent } from "@acp/federation/remotes";
import { RemoteScope } from "../components/remote-scope";
import { DocumentDetailDialog } from "../features/documents/components/document-detail-dialog";
import { DocumentListCard } from "../features/documents/components/document-list-card";

function DocumentList() {
  return (
    <RemoteScope>
      <DocumentListCard />
      <DocumentDetailDialog />
    </RemoteScope>
  );
}

export default DocumentList satisfies ExposedComponent<"mf-knowledge", "./DocumentList">;
