// The prerendered landing page: the real page's markup inside the built index.html, with its stylesheet and
// without a single script, so a signed-out visitor reads it with no JavaScript.
import { describe, expect, it } from "vitest";
import { landingDocument, withFirstPaint } from "./prerender-landing";
import { LOADING_LABEL } from "./src/components/loading-layout";
import { renderLoadingMarkup } from "./src/components/render-loading";
import { renderLandingMarkup } from "./src/features/landing/render-landing";

const BUILT_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Agent Control Panel</title>
    <script type="module" crossorigin src="/assets/mf-entry-bootstrap-0-262b9d2b.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-C7juvzSl.css">
  <link rel="modulepreload" crossorigin href="/assets/hostInit-xsyC3Qm_.js"><link rel="modulepreload" crossorigin href="/remoteEntry-C8LXLdO8.js">
    <link rel="preload" as="fetch" href="/api/auth/user" crossorigin="use-credentials"></head>
  <body>
    <div id="root"></div>
    <script>window.inline = 1</script>
  </body>
</html>`;

describe("landingDocument", () => {
  it("fills #root and drops every script and preload, keeping the stylesheet", () => {
    const html = landingDocument(BUILT_INDEX, "<main>hello</main>");
    expect(html).toContain('<div id="root"><main>hello</main></div>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C7juvzSl.css">');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain('rel="preload"');
  });

  it("refuses a template without an empty #root", () => {
    expect(() => landingDocument("<html><body></body></html>", "x")).toThrow(/root/);
  });
});

describe("renderLandingMarkup", () => {
  it("renders the spec's landing page: hero, the five agents, and three ways to /api/login", () => {
    const markup = renderLandingMarkup();
    expect(markup).toContain("Your executive team of AI agents");
    for (const agent of ["GTM Strategy", "Legal Foundation", "Vision Refinement", "Technical Architecture"]) {
      expect(markup).toContain(agent);
    }
    expect(markup.match(/href="\/api\/login"/g)).toHaveLength(3);
    expect(markup).toContain("<main");
    expect(markup).toContain("<footer");
  });
});

describe("withFirstPaint", () => {
  it("puts the loading frame into #root and keeps every script and preload of the app", () => {
    const html = withFirstPaint(BUILT_INDEX, renderLoadingMarkup());
    expect(html).toMatch(/<div id="root"><div[^>]*role="status"[^>]*aria-busy="true"/);
    expect(html).toContain('src="/assets/mf-entry-bootstrap-0-262b9d2b.js"');
    expect(html).toContain('rel="modulepreload"');
    expect(html).toContain("<script>window.inline = 1</script>");
  });

  it("refuses a template without an empty #root", () => {
    expect(() => withFirstPaint("<html><body></body></html>", "x")).toThrow(/root/);
  });
});

describe("renderLoadingMarkup", () => {
  it("shows its status in words a browser paints (not only to screen readers), so the page paints before its scripts", () => {
    const markup = renderLoadingMarkup();
    expect(markup).toContain(`>${LOADING_LABEL}</p>`);
    expect(markup).not.toContain("sr-only");
  });
});
