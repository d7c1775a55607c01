// "Analytics": an agent's conversations and messages per day with the median answer time, read from
// GET /api/agents/{key}/analytics each time the dialog opens; an empty state until someone has chatted with it.

import { errorMessage } from "@acp/client/http-error";
import { AGENT_ANALYTICS_DAYS } from "@acp/contracts/constants";
import { Button } from "@acp/ui/components/button";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@acp/ui/components/dialog";
import { Skeleton } from "@acp/ui/components/skeleton";
import { StatList } from "@acp/ui/components/stat-list";
import { BarChart3, MessagesSquare } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useAgentAnalytics } from "../api/get-agent-analytics";
import { formatAnswerTime } from "../utils/format-analytics";

const UsageChart = lazy(() => import("./usage-chart").then((module) => ({ default: module.UsageChart })));

export function AgentAnalyticsDialog({ agentKey, name }: { agentKey: string; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <BarChart3 aria-hidden="true" />
          Analytics<span className="sr-only"> {name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="break-words leading-snug">{name} analytics</DialogTitle>
          <DialogDescription>
            Conversations and messages per day over the last {AGENT_ANALYTICS_DAYS} days, and how long answers
            took.
          </DialogDescription>
        </DialogHeader>
        <AgentAnalyticsContent agentKey={agentKey} name={name} />
      </DialogContent>
    </Dialog>
  );
}

function AgentAnalyticsContent({ agentKey, name }: { agentKey: string; name: string }) {
  const analytics = useAgentAnalytics(agentKey);
  const data = analytics.data;
  const empty = data !== undefined && data.totalConversations === 0 && data.totalMessages === 0;
  return (
    <CardState
      status={cardStatus({ loading: analytics.isPending, error: analytics.isError, empty })}
      loadingLabel={`Loading the analytics of ${name}…`}
      placeholder={<Skeleton className="h-72" />}
      errorMessage={`The analytics could not be loaded: ${errorMessage(analytics.error)}`}
      onRetry={() => void analytics.refetch()}
      empty={{
        icon: <MessagesSquare aria-hidden="true" />,
        title: "No conversations yet",
        description: `Chat with ${name} and its conversations, messages and answer times show here.`,
      }}
    >
      {() =>
        data ? (
          <div className="flex min-w-0 flex-col gap-5">
            <StatList
              aria-label="Totals"
              stats={[
                { label: "Conversations", value: data.totalConversations.toLocaleString("en-US") },
                { label: "Messages", value: data.totalMessages.toLocaleString("en-US") },
                { label: "Median answer time", value: formatAnswerTime(data.medianAnswerMs) },
              ]}
            />
            <Suspense fallback={<Skeleton className="h-64" />}>
              <UsageChart days={data.days} />
            </Suspense>
          </div>
        ) : null
      }
    </CardState>
  );
}
