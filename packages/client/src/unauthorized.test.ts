// 401 detection and the spec's unauthorized flow: notify, then /api/login?returnTo=<page> after 500 ms, once.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HttpError } from "./http-error";
import { createUnauthorizedHandler, isUnauthorizedError } from "./unauthorized";

const httpError = (status: number) => new HttpError({ status, statusText: "", bodyText: "" });

describe("isUnauthorizedError", () => {
  it("matches only a 401 HttpError", () => {
    expect(isUnauthorizedError(httpError(401))).toBe(true);
    expect(isUnauthorizedError(httpError(403))).toBe(false);
    expect(isUnauthorizedError(new Error("401: Unauthorized"))).toBe(false);
    expect(isUnauthorizedError("401: not an Error")).toBe(false);
  });
});

describe("createUnauthorizedHandler", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("notifies, then navigates to sign in with the page to return to after 500 ms", () => {
    const notify = vi.fn();
    const navigate = vi.fn();
    const handle = createUnauthorizedHandler({ notify, navigate, currentPath: () => "/knowledge?agent=gtm" });
    handle();
    expect(notify).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith("/api/login?returnTo=%2Fknowledge%3Fagent%3Dgtm");
  });

  it("goes to plain /api/login from the home page", () => {
    const navigate = vi.fn();
    createUnauthorizedHandler({ notify: () => {}, navigate, currentPath: () => "/" })();
    vi.advanceTimersByTime(500);
    expect(navigate).toHaveBeenCalledExactlyOnceWith("/api/login");
  });

  it("notifies for each failure but schedules one redirect", () => {
    const notify = vi.fn();
    const navigate = vi.fn();
    const handle = createUnauthorizedHandler({ notify, navigate, currentPath: () => "/training" });
    handle();
    handle();
    vi.advanceTimersByTime(500);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledTimes(2);
  });
});
