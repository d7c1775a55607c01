// "API Usage" (spec section 2, made real per DESIGN 8): Total Requests, Active Keys and Success Rate from the
// request log, and requests and errors per hour, over the last 24 hours; read again every 30 s and after calls.
import { errorMessage } from "@acp/client/http-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { Skeleton } from "@acp/ui/components/skeleton";
import { StatList } from "@acp/ui/components/stat-list";
import { Activity } from "lucide-react";
import { lazy, Suspense } from "react";
import { type ApiUsage, useUsage } from "../api/get-usage";
import { formatCount, formatSuccessRate, totals, usageSummary } from "../utils/format-usage";

const RequestsChart = lazy(() =>
  import("./requests-chart").then((module) => ({ default: module.RequestsChart })),
);

export function ApiUsageCard() {
  const usage = useUsage();
  const data = usage.data;
  const quiet = data !== undefined && totals(data.hourly).requests === 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>API Usage</h2>
        </CardTitle>
        <CardDescription>
          Calls to your agents through the API in the last 24 hours, from the request log.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <CardState
          status={cardStatus({ loading: usage.isPending, error: usage.isError })}
          loadingLabel="Loading API usage…"
          placeholder={
            <div className="flex flex-col gap-4">
              <StatList stats={statsOf(undefined)} loading />
              <Skeleton className="h-48" />
            </div>
          }
          errorMessage={`API usage could not be loaded: ${errorMessage(usage.error)}`}
          onRetry={() => void usage.refetch()}
        >
          {() =>
            data ? (
              <div className="flex min-w-0 flex-col gap-4">
                <StatList aria-label="Today" stats={statsOf(data)} />
                <section aria-label="Requests per hour" className="flex min-w-0 flex-col gap-2">
                  <h3 className="font-medium text-sm">Requests per hour</h3>
                  {quiet ? (
                    <p className="flex items-center gap-2 text-muted-foreground text-sm">
                      <Activity aria-hidden="true" className="size-4 shrink-0" />
                      {usageSummary(data.hourly)}
                    </p>
                  ) : (
                    <Suspense fallback={<Skeleton className="h-48" />}>
                      <RequestsChart hours={data.hourly} caption={usageSummary(data.hourly)} />
                    </Suspense>
                  )}
                </section>
              </div>
            ) : null
          }
        </CardState>
      </CardContent>
    </Card>
  );
}

function statsOf(data: ApiUsage | undefined) {
  return [
    { label: "Total Requests", value: data ? formatCount(data.requestsToday) : undefined },
    { label: "Active Keys", value: data ? formatCount(data.activeKeys) : undefined },
    {
      label: "Success Rate",
      value: data ? formatSuccessRate(data.successRate, totals(data.hourly).errors > 0) : undefined,
    },
  ];
}
