// The "Vector Database" card: the active store's real vector count, namespace and dimension, polled every 30 s.
import { errorMessage } from "@acp/client/http-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { StatList } from "@acp/ui/components/stat-list";
import { useVectorStats } from "../api/get-vector-stats";

const numberFormat = new Intl.NumberFormat("en-US");

export function VectorDatabaseCard() {
  const { data, isPending, isError, error, refetch } = useVectorStats();
  const stats = [
    { label: "Vectors", value: data ? numberFormat.format(data.totalVectorCount) : undefined },
    { label: "Namespace", value: data?.namespace },
    { label: "Dimension", value: data ? String(data.dimension) : undefined },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Vector Database</h2>
        </CardTitle>
        <CardDescription>Embeddings your agents search when they answer.</CardDescription>
      </CardHeader>
      <CardContent>
        <CardState
          status={cardStatus({ loading: isPending, error: isError })}
          loadingLabel="Loading vector store statistics…"
          placeholder={<StatList stats={stats} loading />}
          errorMessage={`Vector store statistics could not be loaded: ${errorMessage(error)}`}
          onRetry={() => void refetch()}
        >
          {() => <StatList stats={stats} />}
        </CardState>
      </CardContent>
    </Card>
  );
}
