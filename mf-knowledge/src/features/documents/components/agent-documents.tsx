// One agent's latest documents (spec: 5) under its upload card, each with a working delete.
import { PER_AGENT_TRAINING_DATA_LISTED } from "@acp/contracts/constants";
import { useDocuments } from "../../../hooks/use-documents";
import { DocumentList } from "./document-list";
import { DocumentListSkeleton } from "./document-list-card";

export function AgentDocuments({ agentId }: { agentId: string }) {
  // Spec section 7: this read treats a failure as an empty list.
  const { data, isPending } = useDocuments({ agentId });
  if (isPending) return <DocumentListSkeleton rows={2} />;
  const latest = (data ?? []).slice(0, PER_AGENT_TRAINING_DATA_LISTED);
  if (latest.length === 0) {
    return <p className="text-muted-foreground text-sm">No documents for this agent yet.</p>;
  }
  return <DocumentList documents={latest} label="Latest documents of this agent" />;
}
