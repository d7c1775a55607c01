// The signed-in user: GET /api/auth/user, where a 401 means "signed out" and is never retried (spec section 4).
import type { User } from "@acp/contracts/entities";
import { queryOptions } from "@tanstack/react-query";
import { getJson } from "./request";

export const CURRENT_USER_URL = "/api/auth/user";

export const authKeys = {
  all: ["auth"] as const,
  user: () => ["auth", "user"] as const,
};

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) => getJson<User>(CURRENT_USER_URL, { on401: "returnNull", signal }),
    retry: false,
  });
}

export type AuthState = {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
};
