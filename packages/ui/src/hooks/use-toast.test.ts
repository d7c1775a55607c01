// Proves the toast store is shared across separately loaded module copies and honours the spec timings.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createToastStore,
  TOAST_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  TOAST_STORE_KEY,
  type ToasterToast,
  toastReducer,
} from "./use-toast";

type UseToastModule = typeof import("./use-toast");

/** A fresh evaluation of the module, like a remote bundle that inlined its own copy of @acp/ui. */
async function loadIndependentCopy(): Promise<UseToastModule> {
  vi.resetModules();
  return import("./use-toast");
}

function clearGlobalStore() {
  delete (globalThis as { [TOAST_STORE_KEY]?: unknown })[TOAST_STORE_KEY];
}

const sample = (id: string, extra: Partial<ToasterToast> = {}): ToasterToast => ({
  id,
  open: true,
  ...extra,
});

beforeEach(() => {
  clearGlobalStore();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  clearGlobalStore();
});

describe("spec constants", () => {
  it("match the product spec", () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION).toBe(5000);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(TOAST_STORE_KEY).toBe(Symbol.for("acp.toast-store"));
  });
});

describe("toastReducer", () => {
  it("keeps only the newest toast when the limit is reached", () => {
    let state = toastReducer({ toasts: [] }, { type: "ADD_TOAST", toast: sample("1") });
    state = toastReducer(state, { type: "ADD_TOAST", toast: sample("2") });
    expect(state.toasts.map((t) => t.id)).toEqual(["2"]);
  });

  it("updates, dismisses and removes by id or all at once", () => {
    let state = toastReducer(
      { toasts: [sample("1", { title: "Old" })] },
      {
        type: "UPDATE_TOAST",
        toast: { id: "1", title: "New" },
      },
    );
    expect(state.toasts[0]?.title).toBe("New");
    expect(state.toasts[0]?.open).toBe(true);

    state = toastReducer(state, { type: "DISMISS_TOAST", toastId: "other" });
    expect(state.toasts[0]?.open).toBe(true);
    state = toastReducer(state, { type: "DISMISS_TOAST" });
    expect(state.toasts[0]?.open).toBe(false);

    expect(toastReducer(state, { type: "REMOVE_TOAST", toastId: "other" }).toasts).toHaveLength(1);
    expect(toastReducer(state, { type: "REMOVE_TOAST", toastId: "1" }).toasts).toHaveLength(0);
    expect(toastReducer(state, { type: "REMOVE_TOAST" }).toasts).toHaveLength(0);
  });
});

describe("shared store across module copies", () => {
  it("loads two genuinely separate module instances", async () => {
    const a = await loadIndependentCopy();
    const b = await loadIndependentCopy();
    expect(a).not.toBe(b);
    expect(a.toast).not.toBe(b.toast);
    expect(a.getToastStore()).toBe(b.getToastStore());
    expect((globalThis as { [TOAST_STORE_KEY]?: unknown })[TOAST_STORE_KEY]).toBe(a.getToastStore());
  });

  it("shows a toast raised in one copy to subscribers of the other", async () => {
    const host = await loadIndependentCopy();
    const remote = await loadIndependentCopy();
    const listener = vi.fn();
    const unsubscribe = host.getToastStore().subscribe(listener);

    const handle = remote.toast({ title: "Agent deployed", description: "v3 is live", variant: "default" });

    expect(listener).toHaveBeenCalledTimes(1);
    const [shown] = host.getToastStore().getState().toasts;
    expect(shown).toMatchObject({ id: handle.id, title: "Agent deployed", open: true, variant: "default" });
    unsubscribe();
  });

  it("applies the limit across copies and hands out unique ids", async () => {
    const host = await loadIndependentCopy();
    const remote = await loadIndependentCopy();

    const first = host.toast({ title: "From host" });
    const second = remote.toast({ title: "From remote", variant: "destructive" });

    expect(second.id).not.toBe(first.id);
    const { toasts } = host.getToastStore().getState();
    expect(toasts).toHaveLength(TOAST_LIMIT);
    expect(toasts[0]).toMatchObject({ id: second.id, title: "From remote", variant: "destructive" });
  });

  it("lets any copy update or dismiss a toast another copy raised", async () => {
    const host = await loadIndependentCopy();
    const remote = await loadIndependentCopy();
    const handle = remote.toast({ title: "Training…" });

    handle.update({ title: "Training done" });
    expect(host.getToastStore().getState().toasts[0]?.title).toBe("Training done");

    host.dismissToast(handle.id);
    expect(remote.getToastStore().getState().toasts[0]?.open).toBe(false);
  });

  it("routes Radix's onOpenChange(false) (auto-dismiss, swipe, Escape) into a dismissal", async () => {
    const host = await loadIndependentCopy();
    const remote = await loadIndependentCopy();
    const userHandler = vi.fn();
    remote.toast({ title: "Saved", onOpenChange: userHandler });

    host.getToastStore().getState().toasts[0]?.onOpenChange?.(false);

    expect(userHandler).toHaveBeenCalledWith(false);
    expect(host.getToastStore().getState().toasts[0]?.open).toBe(false);
  });

  it("keeps a dismissed toast for exactly TOAST_REMOVE_DELAY ms, then drops it", async () => {
    const host = await loadIndependentCopy();
    const remote = await loadIndependentCopy();
    const handle = remote.toast({ title: "Bye" });

    host.dismissToast(handle.id);
    // Dismissing again from the other copy must not restart or duplicate the removal timer.
    vi.advanceTimersByTime(10);
    handle.dismiss();
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 11);
    expect(host.getToastStore().getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(host.getToastStore().getState().toasts).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not auto-remove an open toast (Radix owns the 5 s auto-dismiss)", async () => {
    const host = await loadIndependentCopy();
    host.toast({ title: "Still here" });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY * 2);
    expect(host.getToastStore().getState().toasts).toHaveLength(1);
  });

  it("clears the removal timer of a toast pushed out by the limit", async () => {
    const host = await loadIndependentCopy();
    const remote = await loadIndependentCopy();
    host.toast({ title: "First" }).dismiss();
    expect(vi.getTimerCount()).toBe(1);
    remote.toast({ title: "Second" });
    expect(vi.getTimerCount()).toBe(0);
    expect(
      host
        .getToastStore()
        .getState()
        .toasts.map((t) => t.title),
    ).toEqual(["Second"]);
  });
});

describe("createToastStore", () => {
  it("creates isolated stores (the global registry is what makes copies share)", () => {
    const a = createToastStore();
    const b = createToastStore();
    a.dispatch({ type: "ADD_TOAST", toast: sample(a.nextId()) });
    expect(a.getState().toasts).toHaveLength(1);
    expect(b.getState().toasts).toHaveLength(0);
  });

  it("ignores a foreign non-store value at the registry key instead of crashing", async () => {
    (globalThis as { [TOAST_STORE_KEY]?: unknown })[TOAST_STORE_KEY] = { junk: true };
    const copy = await loadIndependentCopy();
    copy.toast({ title: "Works" });
    expect(copy.getToastStore().getState().toasts).toHaveLength(1);
  });
});
