// The dashboard's four metric cards (spec section 2): real values from GET /api/dashboard/metrics, a missing value
// shown as 0, GTM Accuracy as the latest gtm training job's measured accuracy or a dash until one is measured
// (DESIGN 8), and pulsing cards while loading.

import { errorMessage } from "@acp/client/http-error";
import { Card, CardContent, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { Skeleton } from "@acp/ui/components/skeleton";
import { Bot, FileText, Target, Zap } from "lucide-react";
import type { ComponentType, SVGProps } from "react";
import { activeAgentsLabel } from "../active-agents";
import { useDashboardMetrics } from "../api/get-dashboard-metrics";
import { gtmAccuracyLabel } from "../gtm-accuracy";

type Metric = {
  title: string;
  hint: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
};

const numberFormat = new Intl.NumberFormat("en-US");

const METRICS: Metric[] = [
  { title: "Active Agents", hint: "Switched on or deployed publicly", icon: Bot },
  { title: "API Calls Today", hint: "Requests to your agent endpoints", icon: Zap },
  { title: "GTM Accuracy", hint: "Measured by a completed GTM training job", icon: Target },
  { title: "Documents", hint: "In your knowledge base", icon: FileText },
];

/**
 * One metric card; while loading, the same card with pulsing bars in place of the value, each as tall as the line
 * it stands for, so the strip does not move when the numbers arrive.
 */
function MetricCard({ metric, value }: { metric: Metric; value: string | undefined }) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle asChild>
          <h3 className="font-medium text-muted-foreground text-sm">{metric.title}</h3>
        </CardTitle>
        <metric.icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        {value === undefined ? (
          // As tall as the value's line (text-3xl: 2.25rem), so nothing moves when the number replaces it.
          <div className="flex h-9 items-center">
            <Skeleton data-testid="metric-skeleton" className="h-7 w-20 animate-pulse" />
          </div>
        ) : (
          <p className="font-bold text-3xl tabular-nums tracking-tight">{value}</p>
        )}
        <p className="mt-1 text-muted-foreground text-xs">{metric.hint}</p>
      </CardContent>
    </Card>
  );
}

export function MetricsStrip() {
  const { data, isLoading, isError, error, refetch } = useDashboardMetrics();
  const values: (string | undefined)[] = isError
    ? ["—", "—", "—", "—"]
    : [
        activeAgentsLabel(data?.activeAgents),
        numberFormat.format(data?.totalAPICallsToday ?? 0),
        gtmAccuracyLabel(data?.gtmAccuracy),
        numberFormat.format(data?.totalDocuments ?? 0),
      ];
  const strip = (shown: readonly (string | undefined)[]) => (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {METRICS.map((metric, index) => (
        <MetricCard key={metric.title} metric={metric} value={shown[index]} />
      ))}
    </div>
  );

  return (
    <section aria-labelledby="metrics-title" className="flex flex-col gap-3">
      <h2 id="metrics-title" className="sr-only">
        Metrics
      </h2>
      <CardState
        status={cardStatus({ loading: isLoading, error: isError })}
        loadingLabel="Loading metrics…"
        // Spec: four pulsing placeholder cards while loading.
        placeholder={strip([undefined, undefined, undefined, undefined])}
        errorMessage={`Metrics could not be loaded: ${errorMessage(error)}`}
        onRetry={() => void refetch()}
        keepContentOnError
      >
        {() => strip(values)}
      </CardState>
    </section>
  );
}
