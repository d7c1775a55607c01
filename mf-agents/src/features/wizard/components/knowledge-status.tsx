// Step 2: what the agent knows right now, from its documents: how many are ready, still processing or failed, the
// passages (chunks) it searches, and the latest document indexed.

import type { KnowledgeDocument } from "@acp/contracts/knowledge";
import { PAGE_PATHS } from "@acp/federation/remotes";
import { Link } from "@acp/router";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { Skeleton } from "@acp/ui/components/skeleton";
import { StatList } from "@acp/ui/components/stat-list";
import { FolderOpen } from "lucide-react";
import { useAgentDocuments } from "../api/get-agent-documents";

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export type KnowledgeSummary = {
  ready: number;
  processing: number;
  failed: number;
  chunks: number;
  latest: KnowledgeDocument | undefined;
};

function summarizeKnowledge(documents: readonly KnowledgeDocument[]): KnowledgeSummary {
  const completed = documents.filter((document) => document.status === "completed");
  const latest = completed.reduce<KnowledgeDocument | undefined>(
    (newest, document) => (!newest || document.createdAt > newest.createdAt ? document : newest),
    undefined,
  );
  return {
    ready: completed.length,
    processing: documents.filter((document) => document.status === "processing").length,
    failed: documents.filter((document) => document.status === "failed").length,
    chunks: completed.reduce((sum, document) => sum + document.chunkCount, 0),
    latest,
  };
}

export function KnowledgeStatus({ agentId, agentName }: { agentId: string; agentName: string }) {
  const documents = useAgentDocuments(agentId);
  const list = documents.data ?? [];
  const summary = summarizeKnowledge(list);
  return (
    <CardState
      status={cardStatus({ loading: documents.isPending, error: false, empty: list.length === 0 })}
      loadingLabel={`Loading what ${agentName} knows…`}
      placeholder={<Skeleton className="h-32" />}
      empty={{
        icon: <FolderOpen aria-hidden="true" />,
        title: "No documents yet",
        description: `${agentName} has nothing to learn from yet. Go back to step 1 and upload its documents.`,
      }}
    >
      {() => (
        <div className="flex flex-col gap-4">
          <StatList
            aria-label={`Knowledge of ${agentName}`}
            stats={[
              { label: "Documents ready", value: summary.ready.toLocaleString("en-US") },
              { label: "Still processing", value: summary.processing.toLocaleString("en-US") },
              { label: "Failed", value: summary.failed.toLocaleString("en-US") },
              { label: "Passages indexed", value: summary.chunks.toLocaleString("en-US") },
              {
                label: "Latest document added",
                value: summary.latest ? DATE.format(new Date(summary.latest.createdAt)) : "—",
              },
            ]}
          />
          {summary.latest ? (
            <p className="break-words text-muted-foreground text-sm">
              Latest document:{" "}
              <span className="font-medium text-foreground">{summary.latest.originalName}</span>
            </p>
          ) : null}
          {summary.processing > 0 ? (
            <p role="status" className="text-muted-foreground text-sm">
              {summary.processing === 1 ? "One document is" : `${summary.processing} documents are`} still
              being processed; the figures update as they finish.
            </p>
          ) : null}
          <p className="text-muted-foreground text-sm">
            {agentName} searches these passages for every question. Train it on them below; every run also
            shows on the{" "}
            <Link
              to={PAGE_PATHS.training}
              className="text-primary underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              Model Training
            </Link>{" "}
            page.
          </p>
        </div>
      )}
    </CardState>
  );
}
