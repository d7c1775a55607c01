// The one failure toast of every remote: nothing for a 401 (the host's "Unauthorized" toast and sign-in redirect
// handle it), else the spec's sentence with the server's human reason after it, never raw JSON. It lives here, the
// remotes' shared package, because the design system knows no HTTP errors and the client no design system.
import { errorMessage } from "@acp/client/http-error";
import { isUnauthorizedError } from "@acp/client/unauthorized";
import { ERROR_TOASTS } from "@acp/contracts/messages";
import { toast } from "@acp/ui/hooks/use-toast";

export type ErrorToastOptions = {
  /**
   * What failed, in the spec's words ("Failed to delete API key"): the reason follows after a colon unless it says
   * the same. A function builds the whole sentence from the reason (the contract's `ERROR_TOASTS.deleteAgent`).
   * Without it, the reason alone is the description.
   */
  sentence?: string | ((reason: string) => string);
  /** Defaults to the spec's "Error". */
  title?: string;
  /** The reason when the error carries no readable one; defaults to errorMessage's "Something went wrong…". */
  fallback?: string;
};

/** The description the toast shows for `error` (exported for tests and for callers that show it elsewhere). */
export function errorToastDescription(
  error: unknown,
  { sentence, fallback }: ErrorToastOptions = {},
): string {
  const reason = fallback === undefined ? errorMessage(error) : errorMessage(error, fallback);
  if (sentence === undefined) return reason;
  if (typeof sentence === "function") return sentence(reason);
  return reason === sentence ? sentence : `${sentence}: ${reason}`;
}

export function toastError(error: unknown, options: ErrorToastOptions = {}): void {
  if (isUnauthorizedError(error)) return;
  toast({
    title: options.title ?? ERROR_TOASTS.title,
    description: errorToastDescription(error, options),
    variant: "destructive",
  });
}
