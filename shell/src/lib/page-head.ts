// The page head the server composed into index.html (a remote's static header, see api/src/routes/page-heads.ts), read
// once before React replaces the first HTML, so every placeholder shown until the page's remote renders keeps it in
// place: the loading frame, then the route's skeleton.
import { normalizePath } from "./route-table";

type PageHead = { path: string; html: string };

let composed: PageHead | undefined;

/** Reads the filled page-head slot of the first HTML, if the server filled one. Call before the first render. */
export function capturePageHead(root: ParentNode = document): void {
  const slot = root.querySelector<HTMLElement>("[data-page-head][data-path]");
  const path = slot?.dataset.path;
  composed =
    slot && path && slot.innerHTML !== "" ? { path: normalizePath(path), html: slot.innerHTML } : undefined;
}

/** The composed head of `pathname`'s page, or "" (an empty slot): only the page the document was loaded for has one. */
export function pageHeadFor(pathname: string): string {
  return composed && composed.path === normalizePath(pathname) ? composed.html : "";
}
