// End-to-end toast behaviour in a DOM: a toast from another module copy reaches the one Toaster and auto-dismisses.
// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  getToastStore,
  TOAST_DURATION,
  TOAST_REMOVE_DELAY,
  TOAST_STORE_KEY,
  toast,
} from "../hooks/use-toast";
import { Toaster } from "./toaster";

/** Like a federated remote that bundled its own copy of @acp/ui/hooks/use-toast. */
async function loadRemoteCopy() {
  vi.resetModules();
  return import("../hooks/use-toast");
}

const clearStore = () => {
  delete (globalThis as { [TOAST_STORE_KEY]?: unknown })[TOAST_STORE_KEY];
};

beforeEach(() => {
  clearStore();
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  clearStore();
});

describe("Toaster", () => {
  it("shows a toast raised by a separately loaded copy, one at a time", async () => {
    render(<Toaster />);
    const remote = await loadRemoteCopy();

    act(() => {
      remote.toast({ title: "Agent deployed", description: "Support bot v3 is live" });
    });
    expect(screen.getByText("Agent deployed")).toBeTruthy();
    expect(screen.getByText("Support bot v3 is live")).toBeTruthy();

    act(() => {
      remote.toast({ title: "Deployment failed", variant: "destructive" });
    });
    expect(screen.queryByText("Agent deployed")).toBeNull();
    const failed = screen.getByText("Deployment failed").closest('[data-slot="toast"]');
    expect(failed?.getAttribute("data-variant")).toBe("destructive");
    expect(document.querySelectorAll('[data-slot="toast"]')).toHaveLength(1);
  });

  it("labels the viewport region with the F8 hotkey", () => {
    render(<Toaster />);
    expect(screen.getByRole("region", { name: "Notifications (F8)" })).toBeTruthy();
  });

  it("auto-dismisses after 5 s, then drops the toast from memory after the remove delay", async () => {
    render(<Toaster />);
    const remote = await loadRemoteCopy();
    act(() => {
      remote.toast({ title: "Saved" });
    });
    const store = getToastStore();

    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION - 100);
    });
    expect(store.getState().toasts[0]?.open).toBe(true);

    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(store.getState().toasts[0]?.open).toBe(false);
    expect(screen.queryByText("Saved")).toBeNull();

    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
    });
    expect(store.getState().toasts).toHaveLength(0);
  });

  it("dismisses through the labelled close button", () => {
    render(<Toaster closeLabel="Dismiss notification" />);
    act(() => {
      toast({ title: "Closable" });
    });
    fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(getToastStore().getState().toasts[0]?.open).toBe(false);
  });
});
