// Page-wide providers owned by the shell: the one QueryClient every remote shares, and the one Toaster.
import { createQueryClient } from "@acp/client/query-client";
import { Toaster } from "@acp/ui/components/toaster";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { signInAgain } from "../features/auth/sign-in-again";

export function AppProvider({ children }: { children: ReactNode }) {
  // Remotes share @tanstack/react-query as a singleton, so this is the client every remote's hooks use.
  const [queryClient] = useState(() => createQueryClient({ onUnauthorized: signInAgain }));
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Mounted from the start: the unauthorized toast must be on screen well before its 500 ms redirect. */}
      <Toaster />
    </QueryClientProvider>
  );
}
