// The QueryClient factory with the spec's defaults (section 7): no retries, never stale, no focus refetch, and the
// section 8 rule that a 401 on any call signs the user in again (what that looks like is injected by the host).
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isUnauthorizedError } from "./unauthorized";

export type QueryClientOptions = {
  /** Runs for every call answered 401 (the shell passes a toast + redirect; see createUnauthorizedHandler). */
  onUnauthorized?: () => void;
};

export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  const onError = (error: unknown): void => {
    if (onUnauthorized && isUnauthorizedError(error)) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
