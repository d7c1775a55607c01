// The "Vector Database" card: the store's real vector count, namespace and dimension.
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { StatList } from "@acp/ui/components/stat-list";
import { useVectorStats } from "../api/get-vector-stats";

const numberFormat = new Intl.NumberFormat("en-US");

export function VectorDatabaseCard() {
  const { data, isLoading, isError, error } = useVectorStats();
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
        {isError ? (
          <p role="alert" className="text-destructive text-sm">
            Vector store statistics could not be loaded: {error.message}
          </p>
        ) : (
          <StatList stats={stats} loading={isLoading} />
        )}
      </CardContent>
    </Card>
  );
}
