// Test helpers for remote pages: render inside the providers the shell gives a remote, with seeded query data, and
// read or clear the toast on screen.
import { createQueryClient } from "@acp/client/query-client";
import { MemoryRouter } from "@acp/router";
import { getToastStore } from "@acp/ui/hooks/use-toast";
import { QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";

/** What the API answered, by query key: `[[apiKeyKeys.list(), [...]], ...]`; other calls go to the test's fetch. */
export type SeededData = ReadonlyArray<readonly [QueryKey, unknown]>;

export function renderRemotePage(
  ui: ReactElement,
  { data = [], path = "/" }: { data?: SeededData; path?: string } = {},
) {
  const client = createQueryClient();
  for (const [key, value] of data) client.setQueryData(key, value);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return { client, ...render(ui, { wrapper }) };
}

/** The toast on screen (the spec shows one at a time), read from the page-wide toast store. */
export function currentToast(): { title: unknown; description: unknown; variant: unknown } | undefined {
  const [toast] = getToastStore().getState().toasts;
  return toast ? { title: toast.title, description: toast.description, variant: toast.variant } : undefined;
}

export function clearToasts(): void {
  getToastStore().dispatch({ type: "REMOVE_TOAST" });
}
