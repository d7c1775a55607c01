// Vite plugin of the shell's build: writes dist/landing.html, the landing page rendered with react-dom/server into
// the built index.html with its stylesheet but none of its scripts. The API serves it on "/" to requests without a
// valid session (DESIGN 2b), so the public page needs no application JavaScript and shows no skeleton first. Then
// it puts the loading frame into index.html itself, so the app's first render paints with the HTML instead of after
// its scripts (React's first render is the same frame, and replaces it).
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { compressFile } from "@acp/federation/vite-precompress";
import { withSsrModules } from "@acp/federation/vite-ssr-module";
import type { Plugin } from "vite";

export const LANDING_FILE = "landing.html";

/** The built index.html with `markup` in #root and every script and preload (modules, the signed-in app's fetches) removed. */
export function landingDocument(indexHtml: string, markup: string): string {
  const withoutScripts = indexHtml
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, "")
    .replace(/<link\b[^>]*rel="(?:modulepreload|preload)"[^>]*>\s*/gi, "");
  return fillRoot(withoutScripts, markup);
}

/** The built index.html with `markup` in #root and everything else kept (the app's scripts replace it). */
export function withFirstPaint(indexHtml: string, markup: string): string {
  return fillRoot(indexHtml, markup);
}

function fillRoot(html: string, markup: string): string {
  if (!html.includes('<div id="root"></div>')) {
    throw new Error('prerender-landing: index.html has no empty <div id="root"></div> to fill');
  }
  return html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
}

export function prerenderLanding(): Plugin {
  let root = "";
  let outDir = "";
  return {
    name: "acp-prerender-landing",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await withSsrModules(root, async (load) => {
        const landingModule = (await load("/src/features/landing/render-landing.tsx")) as {
          renderLandingMarkup: () => string;
        };
        const loadingModule = (await load("/src/components/render-loading.tsx")) as {
          renderLoadingMarkup: () => string;
        };
        const index = path.join(outDir, "index.html");
        const indexHtml = await readFile(index, "utf8");
        const landing = path.join(outDir, LANDING_FILE);
        await writeFile(landing, landingDocument(indexHtml, landingModule.renderLandingMarkup()));
        await compressFile(landing);
        await writeFile(index, withFirstPaint(indexHtml, loadingModule.renderLoadingMarkup()));
        await compressFile(index);
      });
    },
  };
}
