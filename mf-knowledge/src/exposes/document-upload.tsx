// Federation entry of ./DocumentUpload: the upload card for other screens with the 5 latest documents (working
// delete); with `agentId` it uploads for that agent and lists that agent's documents.
import type { ExposedComponent, ExposedProps } from "@acp/federation/remotes";
import { DocumentDetailDialog } from "../features/documents/components/document-detail-dialog";
import { RecentDocuments } from "../features/documents/components/recent-documents";
import { DocumentUploadCard } from "../features/upload/components/document-upload-card";

export type DocumentUploadProps = ExposedProps<"mf-knowledge", "./DocumentUpload">;

function DocumentUpload({ agentId }: DocumentUploadProps) {
  return (
    <>
      <DocumentUploadCard agentId={agentId}>
        <section aria-label="Latest documents" className="flex flex-col gap-2">
          <h3 className="font-medium text-sm">Latest documents</h3>
          <RecentDocuments agentId={agentId} />
        </section>
      </DocumentUploadCard>
      <DocumentDetailDialog />
    </>
  );
}

export default DocumentUpload satisfies ExposedComponent<"mf-knowledge", "./DocumentUpload">;
