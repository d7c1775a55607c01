// Test helper for remote pages: renders inside the providers the shell gives a remote, with seeded query data.
import { createQueryClient } from "@acp/client/query-client";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter } from "react-router";

/** Query key (the URL) -> the data the API answered; calls for other keys go to the test's `fetch`. */
export type SeededData = Record<string, unknown>;

export function renderRemotePage(
  ui: ReactElement,
  { data = {}, path = "/" }: { data?: SeededData; path?: string } = {},
) {
  const client = createQueryClient();
  for (const [url, value] of Object.entries(data)) client.setQueryData([url], value);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return { client, ...render(ui, { wrapper }) };
}
