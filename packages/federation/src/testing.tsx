// Test helper for remote pages: renders inside the providers the shell gives a remote, with seeded query data.
import { createQueryClient } from "@acp/client/query-client";
import { MemoryRouter } from "@acp/router";
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
