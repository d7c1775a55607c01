// Renders the loading frame to static HTML at build time (see prerender-landing.ts): what a signed-in user sees
// while the application's scripts arrive.
import { renderToStaticMarkup } from "react-dom/server";
import { LoadingLayout } from "./loading-layout";

export function renderLoadingMarkup(): string {
  return renderToStaticMarkup(<LoadingLayout />);
}
