// Puts a remote's compiled CSS into the page once, from the remote's own exposed module, so a remote deployed
// on its own brings the utilities it uses (see remote-utilities.css and vite-remote.ts beside this file).
import type { RemoteName } from "./remotes";

/**
 * Idempotent: the first call adds a <style data-remote-styles="<remote>">, later calls (a second exposed
 * module, a hot update in dev) replace its text instead of stacking copies.
 */
export function injectRemoteStyles(remote: RemoteName, css: string): void {
  if (typeof document === "undefined") return;
  let style = document.head.querySelector<HTMLStyleElement>(`style[data-remote-styles="${remote}"]`);
  if (!style) {
    style = document.createElement("style");
    style.dataset.remoteStyles = remote;
    document.head.append(style);
  }
  if (style.textContent !== css) style.textContent = css;
}
