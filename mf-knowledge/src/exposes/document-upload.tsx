// Federation entry of ./DocumentUpload: the upload card for other screens; with `agentId` it uploads for that agent
// and lists the agent's 5 latest documents with a working delete.

import { AgentDocuments } from "../features/documents/components/agent-documents";
import { DocumentDetailDialog } from "../features/documents/components/document-detail-dialog";
import { DocumentUploadCard } from "../features/upload/components/document-upload-card";

export type DocumentUploadProps = {
  /** Upload for this agent (e.g. "technical") and list its latest documents. */
  agentId?: string | undefined;
};

export default function DocumentUpload({ agentId }: DocumentUploadProps) {
  return (
    <>
      <DocumentUploadCard agentId={agentId}>
        {agentId ? (
          <section aria-label="Latest documents" className="flex flex-col gap-2">
            <h3 className="font-medium text-sm">Latest documents</h3>
            <AgentDocuments agentId={agentId} />
          </section>
        ) : null}
      </DocumentUploadCard>
      <DocumentDetailDialog />
    </>
  );
}
