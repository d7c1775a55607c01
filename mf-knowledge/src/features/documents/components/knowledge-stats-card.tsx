// "Knowledge Base Stats": real totals instead of the spec's "Loading..." placeholders (DESIGN 8).
import { formatFileSize } from "@acp/contracts/constants";
import { Card, CardContent, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Skeleton } from "@acp/ui/components/skeleton";
import { useDocuments } from "../api/get-documents";

const numberFormat = new Intl.NumberFormat("en-US");

export function KnowledgeStatsCard({ vectorCount }: { vectorCount: number | undefined }) {
  const { data, isLoading } = useDocuments();
  const rows = [
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
        <dl className="flex flex-col gap-3 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex items-center justify-between gap-4">
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className="font-medium tabular-nums">
                {isLoading ? <Skeleton className="h-4 w-16" /> : (row.value ?? "—")}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
