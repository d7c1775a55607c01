// Spec section 2 and 8 handling of a 401: a destructive "Unauthorized" toast, then the login page after 500 ms.
import { LOGOUT_REDIRECT_DELAY_MS } from "@acp/contracts/constants";
import { UNAUTHORIZED } from "@acp/contracts/messages";
import { toast } from "@acp/ui/hooks/use-toast";
import { LOGIN_URL } from "./auth-urls";

const UNAUTHORIZED_MESSAGE = /^401: /;

/** True for the errors `apiRequest` and `getQueryFn` throw on a 401 answer. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && UNAUTHORIZED_MESSAGE.test(error.message);
}

export type Navigate = (url: string) => void;

const browserNavigate: Navigate = (url) => {
  window.location.href = url;
};

let pendingRedirect: ReturnType<typeof setTimeout> | undefined;

/**
 * Tells the user they are signed out and sends the browser to sign in after LOGOUT_REDIRECT_DELAY_MS.
 * Several failing calls at once schedule one redirect only.
 */
export function handleUnauthorized(navigate: Navigate = browserNavigate): void {
  toast({ title: UNAUTHORIZED.title, description: UNAUTHORIZED.description, variant: "destructive" });
  if (pendingRedirect !== undefined) return;
  pendingRedirect = setTimeout(() => {
    pendingRedirect = undefined;
    navigate(LOGIN_URL);
  }, LOGOUT_REDIRECT_DELAY_MS);
}
