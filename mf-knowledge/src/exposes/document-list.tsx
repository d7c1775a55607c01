// Federation entry of ./DocumentList: the user's documents with status, delete and detail.
import { DocumentDetailDialog } from "../features/documents/components/document-detail-dialog";
import { DocumentListCard } from "../features/documents/components/document-list-card";

export type DocumentListProps = Record<string, never>;

export default function DocumentList() {
  return (
    <>
      <DocumentListCard />
      <DocumentDetailDialog />
    </>
  );
}
