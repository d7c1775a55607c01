// The signed-in user: GET /api/auth/user, where a 401 means "signed out" and is never retried (spec section 4).
import type { User } from "@acp/contracts/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "./request";

export const CURRENT_USER_URL = "/api/auth/user";

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: [CURRENT_USER_URL],
    queryFn: getQueryFn<User>({ on401: "returnNull" }),
    retry: false,
  });
}

export type AuthState = {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
};

export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(currentUserQueryOptions());
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
