// Renders the landing page to static HTML at build time (see prerender-landing.ts): what a signed-out visitor on
// "/" receives, readable before and without any JavaScript.
import { renderToStaticMarkup } from "react-dom/server";
import { LandingPage } from "./components/landing-page";

export function renderLandingMarkup(): string {
  return renderToStaticMarkup(<LandingPage />);
}
