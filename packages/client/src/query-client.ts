// The QueryClient factory with the spec's defaults (section 7): no retries, never stale, no focus refetch, and the
// section 8 rule that a 401 on any call signs the user in again (what that looks like is injected by the host), and
// the dashboard metrics read again after every change (section 7), whichever remote made it.
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { dashboardMetricsKeys } from "./dashboard-metrics";
import { isUnauthorizedError } from "./unauthorized";

export type QueryClientOptions = {
  /** Runs for every call answered 401 (the shell passes a toast + redirect; see createUnauthorizedHandler). */
  onUnauthorized?: () => void;
};

export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  const onError = (error: unknown): void => {
    if (onUnauthorized && isUnauthorizedError(error)) onUnauthorized();
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError,
      // Uploads, jobs, keys, agent switches and custom agents all move a figure of the strip: one rule for every
      // change instead of each mutation remembering the dashboard (an unmounted strip is only marked stale).
      onSuccess: () => client.invalidateQueries({ queryKey: dashboardMetricsKeys.all }),
    }),
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
  return client;
}
