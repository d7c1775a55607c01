// The QueryClient defaults match spec section 7, and a 401 from any read or write runs the injected handler.
import { describe, expect, it, vi } from "vitest";
import { dashboardMetricsKeys } from "./dashboard-metrics";
import { HttpError } from "./http-error";
import { createQueryClient } from "./query-client";

const httpError = (status: number, statusText: string) => new HttpError({ status, statusText, bodyText: "" });

describe("createQueryClient", () => {
  it("applies the spec defaults", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it("marks the dashboard metrics stale after any successful change, and not after a failed one", async () => {
    const client = createQueryClient();
    client.setQueryData(dashboardMetricsKeys.all, { totalDocuments: 1 });
    const run = (mutationFn: () => Promise<unknown>) =>
      client.getMutationCache().build(client, { mutationFn }).execute(undefined);
    await expect(run(async () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(client.getQueryState(dashboardMetricsKeys.all)?.isInvalidated).toBe(false);
    await run(async () => ({ id: "document-1" }));
    expect(client.getQueryState(dashboardMetricsKeys.all)?.isInvalidated).toBe(true);
  });

  it("runs onUnauthorized when a mutation answers 401", async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => {
        throw httpError(401, "Unauthorized");
      },
    });
    await expect(mutation.execute(undefined)).rejects.toThrow("401: Unauthorized");
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("runs onUnauthorized when a read answers 401", async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await expect(
      client.fetchQuery({
        queryKey: ["x"],
        queryFn: async () => {
          throw httpError(401, "Unauthorized");
        },
      }),
    ).rejects.toThrow();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("leaves other errors to the caller", async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await expect(
      client.fetchQuery({
        queryKey: ["y"],
        queryFn: async () => {
          throw httpError(500, "Internal Server Error");
        },
      }),
    ).rejects.toThrow();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
