// 401 detection and the spec's unauthorized flow: destructive toast, then /api/login after 500 ms, once.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const toastSpy = vi.fn();
vi.mock("@acp/ui/hooks/use-toast", () => ({ toast: toastSpy }));

const { handleUnauthorized, isUnauthorizedError } = await import("./unauthorized");

describe("isUnauthorizedError", () => {
  it("matches only the 401 error format", () => {
    expect(isUnauthorizedError(new Error("401: Unauthorized"))).toBe(true);
    expect(isUnauthorizedError(new Error('401: {"error":"no session"}'))).toBe(true);
    expect(isUnauthorizedError(new Error("403: Forbidden"))).toBe(false);
    expect(isUnauthorizedError(new Error("4011: odd"))).toBe(false);
    expect(isUnauthorizedError("401: not an Error")).toBe(false);
  });
});

describe("handleUnauthorized", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toastSpy.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it("toasts, then navigates to /api/login after 500 ms", () => {
    const navigate = vi.fn();
    handleUnauthorized(navigate);
    expect(toastSpy).toHaveBeenCalledWith({
      title: "Unauthorized",
      description: "You are logged out. Logging in again...",
      variant: "destructive",
    });
    vi.advanceTimersByTime(499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith("/api/login");
  });

  it("schedules one redirect for several failures at once", () => {
    const navigate = vi.fn();
    handleUnauthorized(navigate);
    handleUnauthorized(navigate);
    vi.advanceTimersByTime(500);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(toastSpy).toHaveBeenCalledTimes(2);
  });
});
