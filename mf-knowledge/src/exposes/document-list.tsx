// Federation entry of ./DocumentList: the user's documents with status, delete and detail.

import type { ExposedComponent } from "@acp/federation/remotes";
import { DocumentDetailDialog } from "../features/documents/components/document-detail-dialog";
import { DocumentListCard } from "../features/documents/components/document-list-card";

function DocumentList() {
  return (
    <>
      <DocumentListCard />
      <DocumentDetailDialog />
    </>
  );
}

export default DocumentList satisfies ExposedComponent<"mf-knowledge", "./DocumentList">;
