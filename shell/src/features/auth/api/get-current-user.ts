// The signed-in user (GET /api/auth/user): a 401 answers "signed out" (null), never an error.
import { type AuthState, currentUserQueryOptions } from "@acp/client/auth";
import { useQuery } from "@tanstack/react-query";

export function useAuth(): AuthState {
  const { data, isLoading } = useQuery(currentUserQueryOptions());
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
