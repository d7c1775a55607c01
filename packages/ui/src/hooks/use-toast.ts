// Toast state shared by every copy of @acp/ui on the page (host + federated remotes), plus the toast() API.
import * as React from "react";
import type { ToastActionElement, ToastProps } from "../lib/toast-types";

/** Product spec: only one toast on screen; a new one replaces the current one. */
export const TOAST_LIMIT = 1;
/** Product spec: auto-dismiss after 5 s (Radix pauses the timer while hovered or focused). */
export const TOAST_DURATION = 5000;
/**
 * Product spec: a dismissed toast stays in state (closed) this long before it is dropped. Long on purpose:
 * Radix needs the closed toast mounted for its exit animation and focus hand-back.
 */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** Registry key, so every bundle that inlines its own copy of this module finds the same store. */
export const TOAST_STORE_KEY: unique symbol = Symbol.for("acp.toast-store");
/** Bump only with a backwards-compatible store shape: older copies on the page may own the store. */
export const TOAST_STORE_VERSION = 1;

export type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

export type ToastState = {
  readonly toasts: readonly ToasterToast[];
};

export type ToastStoreAction =
  | { type: "ADD_TOAST"; toast: ToasterToast }
  | { type: "UPDATE_TOAST"; toast: Partial<ToasterToast> & { id: string } }
  /** Without toastId every toast is dismissed. */
  | { type: "DISMISS_TOAST"; toastId?: string | undefined }
  /** Without toastId every toast is removed. */
  | { type: "REMOVE_TOAST"; toastId?: string | undefined };

export type ToastStore = {
  readonly version: number;
  getState(): ToastState;
  subscribe(listener: () => void): () => void;
  dispatch(action: ToastStoreAction): void;
  nextId(): string;
};

const EMPTY_STATE: ToastState = { toasts: [] };

/** Pure state transition; timers live in the store so this stays trivially testable. */
export function toastReducer(state: ToastState, action: ToastStoreAction): ToastState {
  switch (action.type) {
    case "ADD_TOAST":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE_TOAST":
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case "DISMISS_TOAST":
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case "REMOVE_TOAST":
      if (action.toastId === undefined) return EMPTY_STATE;
      return { toasts: state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

/** A fresh, unshared store. Apps use {@link getToastStore}; this is for tests and the registry itself. */
export function createToastStore(): ToastStore {
  let state = EMPTY_STATE;
  let count = 0;
  const listeners = new Set<() => void>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const scheduleRemoval = (toastId: string) => {
    if (removalTimers.has(toastId)) return;
    removalTimers.set(
      toastId,
      setTimeout(() => {
        removalTimers.delete(toastId);
        dispatch({ type: "REMOVE_TOAST", toastId });
      }, TOAST_REMOVE_DELAY),
    );
  };

  const dispatch = (action: ToastStoreAction) => {
    if (action.type === "DISMISS_TOAST") {
      for (const t of state.toasts) {
        if (action.toastId === undefined || t.id === action.toastId) scheduleRemoval(t.id);
      }
    }
    const next = toastReducer(state, action);
    // Toasts pushed out by the limit or removed early must not leave a timer behind.
    for (const [id, timer] of removalTimers) {
      if (!next.toasts.some((t) => t.id === id)) {
        clearTimeout(timer);
        removalTimers.delete(id);
      }
    }
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    version: TOAST_STORE_VERSION,
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispatch,
    nextId: () => {
      count += 1;
      return String(count);
    },
  };
}

function isToastStore(value: unknown): value is ToastStore {
  if (typeof value !== "object" || value === null) return false;
  const store = value as Partial<ToastStore>;
  return (
    typeof store.getState === "function" &&
    typeof store.subscribe === "function" &&
    typeof store.dispatch === "function" &&
    typeof store.nextId === "function"
  );
}

/**
 * The page-wide store. Module Federation may give the host and each remote their own copy of this module;
 * module-level state would then split into one store per copy and a remote's toast would never reach the
 * host's <Toaster/>. Keeping the store under a Symbol.for() key on globalThis makes the first copy to load
 * create it and every later copy reuse it.
 */
export function getToastStore(): ToastStore {
  const registry = globalThis as typeof globalThis & { [TOAST_STORE_KEY]?: unknown };
  const existing = registry[TOAST_STORE_KEY];
  if (isToastStore(existing)) return existing;
  const store = createToastStore();
  registry[TOAST_STORE_KEY] = store;
  return store;
}

export type ToastInput = Omit<ToasterToast, "id">;

export type ToastHandle = {
  id: string;
  dismiss: () => void;
  update: (props: Partial<ToastInput>) => void;
};

export function toast({ onOpenChange, ...props }: ToastInput): ToastHandle {
  const store = getToastStore();
  const id = store.nextId();
  const dismiss = () => store.dispatch({ type: "DISMISS_TOAST", toastId: id });
  const update = (next: Partial<ToastInput>) =>
    store.dispatch({ type: "UPDATE_TOAST", toast: { ...next, id } });

  store.dispatch({
    type: "ADD_TOAST",
    toast: {
      ...props,
      id,
      open: true,
      // Radix reports auto-dismiss, swipe, Escape and the close button all through onOpenChange(false).
      onOpenChange: (open) => {
        onOpenChange?.(open);
        if (!open) dismiss();
      },
    },
  });

  return { id, dismiss, update };
}

/** Dismiss one toast, or all of them when no id is given. */
export function dismissToast(toastId?: string): void {
  getToastStore().dispatch({ type: "DISMISS_TOAST", toastId });
}

export function useToast(): {
  toasts: readonly ToasterToast[];
  toast: typeof toast;
  dismiss: typeof dismissToast;
} {
  const store = getToastStore();
  const state = React.useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
