// Spec section 2 and 8 handling of a 401: tell the user (the shell injects how: a toast), then go to sign in after
// 500 ms, coming back to the page they were on. No design-system import: the caller brings the notification.
import { LOGOUT_REDIRECT_DELAY_MS } from "@acp/contracts/constants";
import { loginUrl } from "./auth-urls";
import { isHttpError } from "./http-error";

/** True for the HttpError of a 401 answer, from any copy of @acp/client on the page. */
export function isUnauthorizedError(error: unknown): boolean {
  return isHttpError(error) && error.status === 401;
}

export type Navigate = (url: string) => void;

export type UnauthorizedHandlerOptions = {
  /** Shows the spec's "Unauthorized" message; called for every failing call. */
  notify: () => void;
  /** Defaults to a full browser navigation. */
  navigate?: Navigate;
  /** The page to come back to; defaults to the browser's current path and query. */
  currentPath?: () => string;
  delayMs?: number;
};

function browserPath(): string {
  return typeof window === "undefined" ? "/" : `${window.location.pathname}${window.location.search}`;
}

const browserNavigate: Navigate = (url) => {
  window.location.assign(url);
};

/**
 * Builds the "signed out" reaction: notify, then after `delayMs` navigate to /api/login?returnTo=<page>.
 * Several failures at once notify each time but schedule a single redirect.
 */
export function createUnauthorizedHandler({
  notify,
  navigate = browserNavigate,
  currentPath = browserPath,
  delayMs = LOGOUT_REDIRECT_DELAY_MS,
}: UnauthorizedHandlerOptions): () => void {
  let pending: ReturnType<typeof setTimeout> | undefined;
  return () => {
    notify();
    if (pending !== undefined) return;
    const target = loginUrl(currentPath());
    pending = setTimeout(() => {
      pending = undefined;
      navigate(target);
    }, delayMs);
  };
}
