// The latest documents (spec: 5 per agent) under an upload card, each with a working delete: one agent's when
// `agentId` is given (the spec's per-agent read), else the user's latest 5 (one short page, whatever the library's size).
import { PER_AGENT_TRAINING_DATA_LISTED } from "@acp/contracts/constants";
import type { KnowledgeDocument } from "@acp/contracts/knowledge";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { useDocumentPage } from "../api/get-document-page";
import { useDocuments } from "../api/get-documents";
import { DocumentList } from "./document-list";
import { DocumentListSkeleton } from "./document-list-card";

export function RecentDocuments({ agentId }: { agentId?: string | undefined }) {
  return agentId ? <AgentDocuments agentId={agentId} /> : <LatestDocuments />;
}

function AgentDocuments({ agentId }: { agentId: string }) {
  // Spec section 7: the per-agent read treats a failure as an empty list.
  const { data, isPending } = useDocuments({ agentId });
  return (
    <Latest
      documents={(data ?? []).slice(0, PER_AGENT_TRAINING_DATA_LISTED)}
      loading={isPending}
      label="Latest documents of this agent"
      empty="No documents for this agent yet."
    />
  );
}

function LatestDocuments() {
  const { data, isPending } = useDocumentPage({ limit: PER_AGENT_TRAINING_DATA_LISTED, offset: 0 });
  return (
    <Latest
      documents={data?.documents ?? []}
      loading={isPending}
      label="Latest documents"
      empty="No documents yet."
    />
  );
}

function Latest({
  documents,
  loading,
  label,
  empty,
}: {
  documents: readonly KnowledgeDocument[];
  loading: boolean;
  label: string;
  empty: string;
}) {
  return (
    <CardState
      status={cardStatus({ loading, error: false })}
      loadingLabel="Loading documents…"
      placeholder={<DocumentListSkeleton rows={2} />}
    >
      {() => (
        <DocumentList
          documents={documents}
          label={label}
          empty={<p className="text-muted-foreground text-sm">{empty}</p>}
        />
      )}
    </CardState>
  );
}
