// Failure toasts of this remote: skipped for a 401 (the shell's unauthorized toast and redirect handle it), and
// always the server's human sentence, never raw JSON.
import { errorMessage } from "@acp/client/http-error";
import { isUnauthorizedError } from "@acp/client/unauthorized";
import { toast } from "@acp/ui/hooks/use-toast";

export function toastError({
  title,
  error,
  fallback,
  prefix,
}: {
  title: string;
  error: unknown;
  /** Shown when the error carries no readable sentence. */
  fallback: string;
  /** Put before the server's sentence, e.g. "Failed to add data source". */
  prefix?: string;
}): void {
  if (isUnauthorizedError(error)) return;
  const message = errorMessage(error, fallback);
  const description = prefix && message !== prefix ? `${prefix}: ${message}` : message;
  toast({ title, description, variant: "destructive" });
}
