// "Knowledge Base Stats": real totals instead of the spec's "Loading..." placeholders (DESIGN 8).
import { formatFileSize } from "@acp/contracts/constants";
import { Card, CardContent, CardHeader, CardTitle } from "@acp/ui/components/card";
import { StatList } from "@acp/ui/components/stat-list";
import { useDocuments } from "../api/get-documents";

const numberFormat = new Intl.NumberFormat("en-US");

export function KnowledgeStatsCard({ vectorCount }: { vectorCount: number | undefined }) {
  const { data, isLoading } = useDocuments();
  const stats = [
    { label: "Total Documents", value: data ? numberFormat.format(data.length) : undefined },
    {
      label: "Vector Embeddings",
      value: vectorCount === undefined ? undefined : numberFormat.format(vectorCount),
    },
    {
      label: "Storage Used",
      value: data ? formatFileSize(data.reduce((sum, document) => sum + document.size, 0)) : undefined,
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Knowledge Base Stats</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <StatList stats={stats} loading={isLoading} />
      </CardContent>
    </Card>
  );
}
