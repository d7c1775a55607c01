// One document's detail: extracted parts, chunk count, embedder and stage timings (polled while it is processed).
import { documentDetailQueryOptions } from "@acp/client/knowledge/documents";
import { useQuery } from "@tanstack/react-query";

export function useDocumentDetail(id: string | null) {
  return useQuery({ ...documentDetailQueryOptions(id ?? ""), enabled: id !== null });
}
