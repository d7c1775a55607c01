// What the shell does when any call answers 401 (spec section 2 and 8): the destructive "Unauthorized" toast, then
// /api/login after 500 ms, returning to the page the user was on. Injected into the QueryClient by the provider.
import { createUnauthorizedHandler } from "@acp/client/unauthorized";
import { UNAUTHORIZED } from "@acp/contracts/messages";
import { toast } from "@acp/ui/hooks/use-toast";

export const signInAgain = createUnauthorizedHandler({
  notify: () =>
    toast({ title: UNAUTHORIZED.title, description: UNAUTHORIZED.description, variant: "destructive" }),
});
