// "Knowledge Base Management" (spec section 2): the document area (two thirds), the vector database and stats cards.
import { PageHeader } from "@acp/ui/components/page-header";
import { DocumentListCard } from "../features/documents/components/document-list-card";
import { KnowledgeStatsCard } from "../features/documents/components/knowledge-stats-card";
import { useVectorStats } from "../features/vectors/api/get-vector-stats";
import { VectorDatabaseCard } from "../features/vectors/components/vector-database-card";

export function KnowledgePage() {
  const { data: vectorStats } = useVectorStats();
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="Knowledge Base Management"
        description="Upload and manage documents to enhance AI agent responses with your business knowledge"
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <DocumentListCard />
        </div>
        <div className="flex flex-col gap-6">
          <VectorDatabaseCard />
          <KnowledgeStatsCard vectorCount={vectorStats?.totalVectorCount} />
        </div>
      </div>
    </div>
  );
}
