// The QueryClient defaults match spec section 7, and a 401 from any read or write runs the unauthorized flow.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const toastSpy = vi.fn();
vi.mock("@acp/ui/hooks/use-toast", () => ({ toast: toastSpy }));

const { createQueryClient } = await import("./query-client");

describe("createQueryClient", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toastSpy.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it("applies the spec defaults", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(typeof defaults.queries?.queryFn).toBe("function");
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it("shows the Unauthorized toast and goes to /api/login when a mutation answers 401", async () => {
    const location = { href: "/api-management" };
    vi.stubGlobal("window", { location });
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: async () => {
        throw new Error("401: Unauthorized");
      },
    });
    await expect(mutation.execute(undefined)).rejects.toThrow("401: Unauthorized");
    expect(toastSpy).toHaveBeenCalledWith(expect.objectContaining({ title: "Unauthorized" }));
    await vi.advanceTimersByTimeAsync(500);
    expect(location.href).toBe("/api/login");
    vi.unstubAllGlobals();
  });

  it("leaves other errors to the caller", async () => {
    const client = createQueryClient();
    await expect(
      client.fetchQuery({
        queryKey: ["x"],
        queryFn: async () => {
          throw new Error("500: Internal Server Error");
        },
      }),
    ).rejects.toThrow();
    expect(toastSpy).not.toHaveBeenCalled();
  });
});
