// Test helper: the toast on screen (the spec shows one at a time), read from the page-wide toast store.
import { getToastStore } from "@acp/ui/hooks/use-toast";

export function currentToast(): { title: unknown; description: unknown; variant: unknown } | undefined {
  const [toast] = getToastStore().getState().toasts;
  return toast ? { title: toast.title, description: toast.description, variant: toast.variant } : undefined;
}

export function clearToasts(): void {
  getToastStore().dispatch({ type: "REMOVE_TOAST" });
}
