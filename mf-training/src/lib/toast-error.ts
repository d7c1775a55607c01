// Failure toasts of this remote: none for a 401 (the shell's "Unauthorized" toast and redirect handle it), and the
// server's human sentence after the spec's text, never raw JSON.
import { errorMessage } from "@acp/client/http-error";
import { isUnauthorizedError } from "@acp/client/unauthorized";
import { ERROR_TOASTS } from "@acp/contracts/messages";
import { toast } from "@acp/ui/hooks/use-toast";

export function toastError(prefix: string, error: unknown): void {
  if (isUnauthorizedError(error)) return;
  toast({
    title: ERROR_TOASTS.title,
    description: `${prefix}: ${errorMessage(error)}`,
    variant: "destructive",
  });
}
