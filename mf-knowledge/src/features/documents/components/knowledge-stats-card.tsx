// "Knowledge Base Stats": real totals (documents, vector embeddings, bytes stored), with the spec's "Loading..."
// placeholder in each value only until they arrive (DESIGN 8).
import { errorMessage } from "@acp/client/http-error";
import { formatFileSize } from "@acp/contracts/constants";
import { Card, CardContent, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { StatList } from "@acp/ui/components/stat-list";
import { useKnowledgeStats } from "../api/get-knowledge-stats";

const numberFormat = new Intl.NumberFormat("en-US");

/** Spec: each total shows the placeholder "Loading..." while the totals load. */
export const LOADING = "Loading...";

export function KnowledgeStatsCard() {
  const { data, isPending, isError, error, refetch } = useKnowledgeStats();
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
        <CardState
          status={cardStatus({ loading: isPending, error: isError })}
          loadingLabel="Loading knowledge base totals…"
          placeholder={<StatList stats={stats.map(({ label }) => ({ label, value: LOADING }))} />}
          errorMessage={`Knowledge base totals could not be loaded: ${errorMessage(error)}`}
          onRetry={() => void refetch()}
        >
          {() => <StatList stats={stats} />}
        </CardState>
      </CardContent>
    </Card>
  );
}
