// The dashboard's four metric cards (spec section 2): real values from GET /api/dashboard/metrics, a missing value
// shown as 0, GTM Accuracy as a dash until a training job measures it (DESIGN 8), and pulsing cards while loading.

import { useDashboardMetrics } from "@acp/client/dashboard-metrics";
import { errorMessage } from "@acp/client/http-error";
import { Card, CardContent, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Skeleton } from "@acp/ui/components/skeleton";
import { Bot, FileText, Target, Zap } from "lucide-react";
import type { ComponentType, SVGProps } from "react";
import { activeAgentsLabel } from "../active-agents";

type Metric = {
  title: string;
  value: string;
  hint: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
};

const numberFormat = new Intl.NumberFormat("en-US");

export function MetricsStrip() {
  const { data, isLoading, isError, error } = useDashboardMetrics();

  if (isLoading) {
    return (
      <div role="status" aria-busy="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <span className="sr-only">Loading metrics…</span>
        {["a", "b", "c", "d"].map((id) => (
          <Skeleton key={id} data-testid="metric-skeleton" className="h-[7.5rem] rounded-xl" />
        ))}
      </div>
    );
  }

  const unavailable = isError ? "—" : undefined;
  const metrics: Metric[] = [
    {
      title: "Active Agents",
      value: activeAgentsLabel(),
      hint: "Executive agents deployed",
      icon: Bot,
    },
    {
      title: "API Calls Today",
      value: unavailable ?? numberFormat.format(data?.totalAPICallsToday ?? 0),
      hint: "Requests to your agent endpoints",
      icon: Zap,
    },
    {
      title: "GTM Accuracy",
      value: "—",
      hint: "Measured by a completed GTM training job",
      icon: Target,
    },
    {
      title: "Documents",
      value: unavailable ?? numberFormat.format(data?.totalDocuments ?? 0),
      hint: "In your knowledge base",
      icon: FileText,
    },
  ];

  return (
    <section aria-label="Metrics" className="flex flex-col gap-3">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {metrics.map((metric) => (
          <Card key={metric.title} className="gap-2">
            <CardHeader className="flex flex-row items-center justify-between gap-2">
              <CardTitle asChild>
                <h3 className="font-medium text-muted-foreground text-sm">{metric.title}</h3>
              </CardTitle>
              <metric.icon aria-hidden="true" className="size-4 text-muted-foreground" />
            </CardHeader>
            <CardContent>
              <p className="font-bold text-3xl tabular-nums tracking-tight">{metric.value}</p>
              <p className="mt-1 text-muted-foreground text-xs">{metric.hint}</p>
            </CardContent>
          </Card>
        ))}
      </div>
      {isError ? (
        <p role="alert" className="text-destructive text-sm">
          Metrics could not be loaded: {errorMessage(error)}
        </p>
      ) : null}
    </section>
  );
}
