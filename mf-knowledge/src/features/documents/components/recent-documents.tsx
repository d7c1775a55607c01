// The latest documents (spec: 5 per agent) under an upload card, each with a working delete; one agent's when
// `agentId` is given, else the user's.
import { PER_AGENT_TRAINING_DATA_LISTED } from "@acp/contracts/constants";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { useDocuments } from "../api/get-documents";
import { DocumentList } from "./document-list";
import { DocumentListSkeleton } from "./document-list-card";

export function RecentDocuments({ agentId }: { agentId?: string | undefined }) {
  // Spec section 7: the per-agent read treats a failure as an empty list.
  const { data, isPending } = useDocuments(agentId ? { agentId } : {});
  const latest = (data ?? []).slice(0, PER_AGENT_TRAINING_DATA_LISTED);
  return (
    <CardState
      status={cardStatus({ loading: isPending, error: false })}
      loadingLabel="Loading documents…"
      placeholder={<DocumentListSkeleton rows={2} />}
    >
      {() => (
        <DocumentList
          documents={latest}
          label={agentId ? "Latest documents of this agent" : "Latest documents"}
          empty={
            <p className="text-muted-foreground text-sm">
              {agentId ? "No documents for this agent yet." : "No documents yet."}
            </p>
          }
        />
      )}
    </CardState>
  );
}
