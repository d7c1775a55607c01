// The chat's failure toasts: the spec's sentence (section 8) with the server's reason after it, skipped for a 401
// (the shell's "Unauthorized" toast and sign-in redirect handle that).
import { errorMessage } from "@acp/client/http-error";
import { isUnauthorizedError } from "@acp/client/unauthorized";
import { ERROR_TOASTS } from "@acp/contracts/messages";
import { toast } from "@acp/ui/hooks/use-toast";

export function toastChatError(sentence: string, error: unknown): void {
  if (isUnauthorizedError(error)) return;
  const reason = errorMessage(error, "");
  toast({
    title: ERROR_TOASTS.title,
    description: reason && reason !== sentence ? `${sentence}: ${reason}` : sentence,
    variant: "destructive",
  });
}
