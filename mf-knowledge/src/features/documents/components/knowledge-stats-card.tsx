// "Knowledge Base Stats": real totals (documents, vector embeddings, bytes stored) instead of the spec's
// "Loading..." placeholders (DESIGN 8).
import { errorMessage } from "@acp/client/http-error";
import { knowledgeStatsQueryOptions } from "@acp/client/knowledge/knowledge-stats";
import { formatFileSize } from "@acp/contracts/constants";
import { Card, CardContent, CardHeader, CardTitle } from "@acp/ui/components/card";
import { StatList } from "@acp/ui/components/stat-list";
import { useQuery } from "@tanstack/react-query";

const numberFormat = new Intl.NumberFormat("en-US");

export function KnowledgeStatsCard() {
  const { data, isPending, isError, error } = useQuery(knowledgeStatsQueryOptions());
  const stats = [
    { label: "Total Documents", value: data ? numberFormat.format(data.totalDocuments) : undefined },
    { label: "Vector Embeddings", value: data ? numberFormat.format(data.vectorEmbeddings) : undefined },
    { label: "Storage Used", value: data ? formatFileSize(data.storageBytes) : undefined },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Knowledge Base Stats</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p role="alert" className="break-words text-destructive text-sm">
            Knowledge base totals could not be loaded: {errorMessage(error)}
          </p>
        ) : (
          <StatList stats={stats} loading={isPending} />
        )}
      </CardContent>
    </Card>
  );
}
