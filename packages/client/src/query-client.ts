// The QueryClient factory with the spec's defaults (section 7): no retries, never stale, no focus refetch, and the
// section 8 rule that a 401 on any call signs the user in again.
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./request";
import { handleUnauthorized, isUnauthorizedError } from "./unauthorized";

function onError(error: unknown): void {
  if (isUnauthorizedError(error)) handleUnauthorized();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
