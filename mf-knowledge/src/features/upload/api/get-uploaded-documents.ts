// The documents list (GET /api/documents, one agent's with `agentId`) as the upload card reads it: polled only while
// a file the card uploaded is still processing. Where the card sits alone (the training page) its items would
// otherwise never move on; next to a polling list the two share one query, so it costs little.
import { documentsQueryOptions } from "@acp/client/knowledge/documents";
import { POLL_INTERVALS_MS } from "@acp/contracts/constants";
import type { UploadResponse } from "@acp/contracts/knowledge";
import { useQuery } from "@tanstack/react-query";

/** A file of the card's queue, with the document the upload answered once it has. */
type UploadedItem = { document?: UploadResponse["documents"][number] | undefined };

export function useUploadedDocuments(agentId: string | undefined, items: readonly UploadedItem[]) {
  return useQuery({
    ...documentsQueryOptions(agentId ? { agentId } : {}),
    refetchInterval: (query) =>
      items.some((item) => {
        if (!item.document) return false;
        const live = query.state.data?.find((document) => document.id === item.document?.id) ?? item.document;
        return live.status === "processing";
      })
        ? POLL_INTERVALS_MS.documents
        : false,
  });
}
