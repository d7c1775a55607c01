// Federation entry of ./DocumentUpload: the upload card for other screens; with `agentId` it uploads for that agent
// and lists the agent's 5 latest documents with a working delete.

import type { ExposedComponent, ExposedProps } from "@acp/federation/remotes";
import { RemoteScope } from "../components/remote-scope";
import { AgentDocuments } from "../features/documents/components/agent-documents";
import { DocumentDetailDialog } from "../features/documents/components/document-detail-dialog";
import { DocumentUploadCard } from "../features/upload/components/document-upload-card";

export type DocumentUploadProps = ExposedProps<"mf-knowledge", "./DocumentUpload">;

function DocumentUpload({ agentId }: DocumentUploadProps) {
  return (
    <RemoteScope>
      <DocumentUploadCard agentId={agentId}>
        {agentId ? (
          <section aria-label="Latest documents" className="flex flex-col gap-2">
            <h3 className="font-medium text-sm">Latest documents</h3>
            <AgentDocuments agentId={agentId} />
          </section>
        ) : null}
      </DocumentUploadCard>
      <DocumentDetailDialog />
    </RemoteScope>
  );
}

export default DocumentUpload satisfies ExposedComponent<"mf-knowledge", "./DocumentUpload">;
