// The document a cited passage comes from, read when the passage is opened to show the text around it.
import { documentDetailQueryOptions } from "@acp/client/knowledge/documents";
import { useQuery } from "@tanstack/react-query";

export function useCitedDocument(documentId: string | null) {
  return useQuery({
    ...documentDetailQueryOptions(documentId ?? ""),
    enabled: documentId !== null,
    // The passage needs the text once; a document still processing is polled by the knowledge screens, not here.
    refetchInterval: false,
  });
}
