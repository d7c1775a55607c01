// Puts a remote's compiled CSS into the page once, from the remote's own exposed module, so a remote deployed
// on its own brings the utilities it uses (see remote-utilities.css and vite-remote.ts beside this file).
//
// The CSS is a stylesheet file of the remote's build, linked here, not a string inside its JavaScript: as a string
// it cost every remote about 10 KiB of gzip JavaScript on first load, parsed on the main thread before the widget
// could render. Linking keeps it out of the script bytes, and the browser parses it off the JavaScript path.
import type { RemoteName } from "./remotes";

const pending = new Map<string, Promise<void>>();

/**
 * Idempotent: the first call adds a <link rel="stylesheet" data-remote-styles="<remote>">, a later call with another
 * URL (a hot update in dev, a redeployed remote after Retry) points the same element at it instead of stacking
 * copies. Settles once the sheet has loaded, so the remote's module renders styled (no flash, no layout shift); a
 * sheet that fails to load is reported and the remote renders anyway.
 */
export function linkRemoteStyles(remote: RemoteName, href: string): Promise<void> {
  if (typeof document === "undefined") return Promise.resolve();
  const url = new URL(href, document.baseURI).href;
  const key = `${remote} ${url}`;
  const known = pending.get(key);
  if (known) return known;
  let link = document.head.querySelector<HTMLLinkElement>(`link[data-remote-styles="${remote}"]`);
  if (!link) {
    link = document.createElement("link");
    link.rel = "stylesheet";
    link.dataset.remoteStyles = remote;
  }
  const element = link;
  const loaded = new Promise<void>((resolve) => {
    element.addEventListener("load", () => resolve(), { once: true });
    element.addEventListener(
      "error",
      () => {
        console.error(`[remote ${remote}] its stylesheet ${url} did not load`);
        resolve();
      },
      { once: true },
    );
  });
  element.href = url;
  if (!element.isConnected) document.head.append(element);
  pending.set(key, loaded);
  return loaded;
}
