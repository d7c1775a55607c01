// Copies text to the clipboard with the spec's "Copied" toast, or says how to copy by hand when the browser refuses
// (no permission, or a page not served over HTTPS).
import { ERROR_TOASTS, SUCCESS_TOASTS } from "@acp/contracts/messages";
import { toast } from "@acp/ui/hooks/use-toast";

export const COPY_FAILED = "Copy failed";

/** `what` names the copied thing in the toast, e.g. "The API key". */
export async function copyText(text: string, what: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error("no clipboard");
    await navigator.clipboard.writeText(text);
    toast({ title: SUCCESS_TOASTS.copied, description: `${what} is on your clipboard.` });
    return true;
  } catch {
    toast({
      title: ERROR_TOASTS.title,
      description: `${COPY_FAILED}: this browser did not allow it. Select the text and copy it with your keyboard.`,
      variant: "destructive",
    });
    return false;
  }
}
