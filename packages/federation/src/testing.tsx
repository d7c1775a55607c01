// Test helper for remote pages: renders inside the providers the shell gives a remote, with seeded query data.
import { createQueryClient } from "@acp/client/query-client";
import { QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter } from "react-router";

/**
 * What the API answered, by query key: `[[apiKeyKeys.list(), [...]], ...]`. The object form seeds queries keyed
 * by their URL alone (`{ "/api/x": ... }` is `[["/api/x"], ...]`). Calls for other keys go to the test's `fetch`.
 */
export type SeededData = ReadonlyArray<readonly [QueryKey, unknown]> | Record<string, unknown>;

function seededEntries(data: SeededData): (readonly [QueryKey, unknown])[] {
  if (Array.isArray(data)) return [...data];
  return Object.entries(data).map(([url, value]) => [[url], value] as const);
}

export function renderRemotePage(
  ui: ReactElement,
  { data = [], path = "/" }: { data?: SeededData; path?: string } = {},
) {
  const client = createQueryClient();
  for (const [key, value] of seededEntries(data)) client.setQueryData(key, value);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return { client, ...render(ui, { wrapper }) };
}
