// "Knowledge Base Management" (spec section 2): the document area (two thirds: upload, list, retrieval lab), the
// vector database and stats cards, the data sources card, and a document's detail over the page when one is open.
import { PageHeader } from "@acp/ui/components/page-header";
import { DataSourcesCard } from "../features/data-sources/components/data-sources-card";
import { DocumentDetailDialog } from "../features/documents/components/document-detail-dialog";
import { DocumentListCard } from "../features/documents/components/document-list-card";
import { KnowledgeStatsCard } from "../features/documents/components/knowledge-stats-card";
import { RetrievalLabCard } from "../features/retrieval/components/retrieval-lab-card";
import { DocumentUploadCard } from "../features/upload/components/document-upload-card";
import { VectorDatabaseCard } from "../features/vectors/components/vector-database-card";

export function KnowledgePage() {
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <PageHeader
        title="Knowledge Base Management"
        description="Upload and manage documents to enhance AI agent responses with your business knowledge"
      />
      <div className="grid min-w-0 gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <DocumentUploadCard />
          <DocumentListCard />
          <RetrievalLabCard />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <VectorDatabaseCard />
          <KnowledgeStatsCard />
          <DataSourcesCard />
        </div>
      </div>
      <DocumentDetailDialog />
    </div>
  );
}
