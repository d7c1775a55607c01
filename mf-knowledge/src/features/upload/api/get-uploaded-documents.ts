// The documents the upload card uploaded, read again while any is processed (every second, so each stage shows as
// it happens): for one agent through the spec's per-agent list (shared with the agent's latest documents beside it),
// otherwise by id, so the card never reads the whole library, however large, and reads nothing before an upload.
import { documentsQueryOptions } from "@acp/client/knowledge/documents";
import type { KnowledgeDocument, UploadResponse } from "@acp/contracts/knowledge";
import { DOCUMENT_IDS_MAX } from "@acp/contracts/knowledge-constants";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { PROCESSING_POLL_MS } from "../../../lib/processing-poll";

/** A file of the card's queue, with the document the upload answered once it has. */
type UploadedItem = { document?: UploadResponse["documents"][number] | undefined };

function stillProcessing(
  items: readonly UploadedItem[],
  read: readonly KnowledgeDocument[] | undefined,
): boolean {
  return items.some((item) => {
    if (!item.document) return false;
    const live = read?.find((document) => document.id === item.document?.id) ?? item.document;
    return live.status === "processing";
  });
}

export function useUploadedDocuments(agentId: string | undefined, items: readonly UploadedItem[]) {
  // The newest uploads first in the queue: the ones followed when there are more than one read may name.
  const ids = [...new Set(items.flatMap((item) => (item.document ? [item.document.id] : [])))].slice(
    0,
    DOCUMENT_IDS_MAX,
  );
  return useQuery({
    ...documentsQueryOptions(agentId ? { agentId } : { ids: [...ids].sort() }),
    enabled: agentId !== undefined || ids.length > 0,
    // A new upload changes the ids read: the earlier files keep their stage meanwhile.
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (stillProcessing(items, query.state.data) ? PROCESSING_POLL_MS : false),
  });
}
