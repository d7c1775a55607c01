// The Vite config every remote builds with, generated from the remote's name alone: React, Tailwind, module
// federation (manifest, relocatable base, shared singletons, exposes derived from REMOTES), the scoped styles each
// exposed module injects, and the standalone dev page. Nothing of this is copied into the remotes.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  PAGE_HEADS_FILENAME,
  type PageHeadsFile,
  REMOTE_ENTRY_FILENAME,
  type RemoteName,
} from "@acp/contracts/remotes";
import { exposedModuleFile, exposedModules, REMOTES } from "@acp/federation/remotes";
import { SHARED_SINGLETON_PACKAGES, sharedSingletons } from "@acp/federation/shared";
import { precompress } from "@acp/federation/vite-precompress";
import { sharedKits } from "@acp/federation/vite-shared-kits";
import { withSsrModules } from "@acp/federation/vite-ssr-module";
import { federation } from "@module-federation/vite";
import { compile, optimize } from "@tailwindcss/node";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { Plugin, Rollup, UserConfig } from "vite";

// Node loads this file straight from TypeScript source when Vite reads a config, so siblings are imported through
// the package name above: extensionless relative imports do not resolve in Node ESM.

const API_ORIGIN = "http://localhost:3000";
const REMOTE_UTILITIES_CSS = fileURLToPath(new URL("./remote-utilities.css", import.meta.url));
const REMOTE_UTILITIES_CSS_NAME = path.basename(REMOTE_UTILITIES_CSS);
const REMOTE_PLACEHOLDER = "__ACP_REMOTE__";
const STYLES_MODULE = "virtual:acp-remote-styles";
const RESOLVED_STYLES_MODULE = `\0${STYLES_MODULE}`;

/**
 * Seconds without module activity before the federation plugin gives up its shared-usage analysis (its default is 10).
 * With two cores shared by several builds a remote build sometimes sat idle that long and the plugin fell back to the
 * complete export surface of the host-provided singletons. The namespace imports below keep that surface anyway, so
 * the output did not change (mf-knowledge: the same gzip bytes either way); a minute keeps the analysis whole on a
 * busy machine, and the build log free of a warning that meant nothing.
 */
const MODULE_PARSE_IDLE_TIMEOUT_S = 60;

export type RemoteViteOptions = {
  name: RemoteName;
  /** Vite's command: a build runs only inside the shell; `vite dev` also serves the standalone harness. */
  command: "build" | "serve";
  /**
   * A module ("/src/page-heads.tsx") whose `renderPageHeads()` returns the static header markup of the pages this
   * remote renders, by path: the build writes it to PAGE_HEADS_FILENAME for the server to compose into the first HTML.
   */
  pageHeads?: string;
};

/** The standalone page of `vite dev`: the remote's src/main.tsx inside an HTML shell nobody has to keep. */
export function standaloneHtml(name: RemoteName): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${name} (standalone) · Agent Control Panel</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`;
}

/**
 * What every remote used to copy: its scoped utilities (one shared CSS file with the remote's name put in), linked
 * first by every exposed module, and the standalone index.html served by `vite dev` (a build emits no HTML).
 */
function remoteScaffolding(name: RemoteName, root: string): Plugin {
  const exposedFiles = new Set(
    exposedModules(name).map((module) => path.resolve(root, exposedModuleFile(module))),
  );
  return {
    name: "acp-remote-scaffolding",
    enforce: "pre",
    resolveId(id) {
      return id === STYLES_MODULE ? RESOLVED_STYLES_MODULE : null;
    },
    load(id) {
      if (id !== RESOLVED_STYLES_MODULE) return null;
      return [
        // Namespace imports make the federation plugin keep every named export of the host-provided singletons.
        // Without them it narrows each to the names its usage scan saw, and that scan can finish early on a busy
        // machine (a 10 ms settle), leaving e.g. lucide-react's `createContext` missing from "react".
        ...SHARED_SINGLETON_PACKAGES.map(
          (pkg, index) => `import * as __acpShared${index} from ${JSON.stringify(pkg)};`,
        ),
        `void [${SHARED_SINGLETON_PACKAGES.map((_, index) => `__acpShared${index}`).join(", ")}];`,
        // The stylesheet is an asset of the build, linked before the module renders (see remote-styles.ts).
        `import href from ${JSON.stringify(`${REMOTE_UTILITIES_CSS}?url`)};`,
        `import { linkRemoteStyles } from "@acp/federation/remote-styles";`,
        `await linkRemoteStyles(${JSON.stringify(name)}, href);`,
      ].join("\n");
    },
    transform(code, id) {
      const file = id.replace(/\?.*$/, "");
      if (file === REMOTE_UTILITIES_CSS) return code.replaceAll(REMOTE_PLACEHOLDER, name);
      if (exposedFiles.has(file)) return `import ${JSON.stringify(STYLES_MODULE)};\n${code}`;
      return null;
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const url = request.url ?? "/";
        const wantsPage = request.method === "GET" && (request.headers.accept ?? "").includes("text/html");
        if (!wantsPage || path.extname(url.replace(/\?.*$/, "")) !== "") return next();
        try {
          const html = await server.transformIndexHtml(url, standaloneHtml(name));
          response.setHeader("Content-Type", "text/html; charset=utf-8");
          response.end(html);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

/** The remote's stylesheet in the bundle: the asset compiled from remote-utilities.css. */
function remoteStylesheet(bundle: Rollup.OutputBundle) {
  return Object.values(bundle).find(
    (file) =>
      file.type === "asset" &&
      file.fileName.endsWith(".css") &&
      file.originalFileNames.some((original) => path.basename(original) === REMOTE_UTILITIES_CSS_NAME),
  );
}

/** The class names in `markup`: the candidates Tailwind builds utilities for. */
export function classNamesOf(markup: string): string[] {
  const names = new Set<string>();
  for (const match of markup.matchAll(/\bclass="([^"]*)"/g)) {
    for (const name of (match[1] ?? "").split(/\s+/)) if (name) names.add(name.replaceAll("&amp;", "&"));
  }
  return [...names];
}

/**
 * The remote's scoped utilities for exactly the classes `markup` uses (minified): what its page head needs before the
 * remote's own stylesheet arrives, small enough to go into the first HTML instead of blocking it on a request.
 */
export async function utilitiesFor(name: RemoteName, markup: string): Promise<string> {
  const input = (await readFile(REMOTE_UTILITIES_CSS, "utf8")).replaceAll(REMOTE_PLACEHOLDER, name);
  const compiler = await compile(input, { base: path.dirname(REMOTE_UTILITIES_CSS), onDependency: () => {} });
  return optimize(compiler.build(classNamesOf(markup)), { minify: true }).code;
}

/**
 * Writes PAGE_HEADS_FILENAME: for each page path `renderPageHeads()` of `modulePath` names, the header markup rendered
 * on the server at build time and the scoped utilities it uses. The API puts a page's head into that page's first
 * HTML, so its largest text paints with the HTML instead of after the shell, the registry and the remote's chunks.
 */
function writePageHeads(name: RemoteName, modulePath: string): Plugin {
  let root = "";
  let outDir = "";
  return {
    name: "acp-remote-page-heads",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const markups = await withSsrModules(root, async (load) => {
        const loaded = await load(modulePath);
        if (typeof loaded.renderPageHeads !== "function") {
          throw new Error(`page heads: ${modulePath} exports no renderPageHeads()`);
        }
        return (loaded.renderPageHeads as () => Record<string, string>)();
      });
      const file: PageHeadsFile = { pages: {} };
      for (const [page, html] of Object.entries(markups)) {
        if (/<script\b/i.test(html)) throw new Error(`page heads: the head of ${page} holds a script`);
        file.pages[page] = { html, css: await utilitiesFor(name, html) };
      }
      await writeFile(path.join(outDir, PAGE_HEADS_FILENAME), JSON.stringify(file));
    },
  };
}

/**
 * Makes remoteEntry.js start fetching the remote's stylesheet the moment the page loads the remote. The exposed module
 * waits for that sheet before it renders (remote-styles.ts); without this hint the fetch would begin only once the
 * module's whole chunk graph had arrived, one more round trip before every widget of the remote shows.
 */
function preloadRemoteStyles(): Plugin {
  return {
    name: "acp-remote-styles-preload",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const entry = bundle[REMOTE_ENTRY_FILENAME];
      const sheet = remoteStylesheet(bundle);
      if (entry?.type !== "chunk" || !sheet) {
        this.error(`no ${REMOTE_ENTRY_FILENAME} or no stylesheet of remote-utilities.css in the bundle`);
      }
      entry.code += [
        "",
        "// The remote's stylesheet, fetched beside its modules (see acp-remote-styles-preload).",
        'if (typeof document !== "undefined") {',
        '  const link = document.createElement("link");',
        '  link.rel = "preload";',
        '  link.as = "style";',
        `  link.href = new URL(${JSON.stringify(sheet.fileName)}, import.meta.url).href;`,
        "  document.head.append(link);",
        "}",
        "",
      ].join("\n");
    },
  };
}

export function createRemoteViteConfig({ name, command, pageHeads }: RemoteViteOptions): UserConfig {
  const root = process.cwd();
  const { devPort } = REMOTES[name];
  const origin = `http://localhost:${devPort}`;
  // A built remote only ever runs inside the shell, which provides the singletons and the federation runtime, so
  // the build bundles neither; the standalone `vite dev` harness has no shell around it and keeps both.
  const inShellOnly = command === "build";
  const exposes = Object.fromEntries(
    exposedModules(name).map((module) => [module, exposedModuleFile(module)]),
  );
  return {
    root,
    // Relative, so the built remote works wherever it is served (the API serves it at /mf/<name>/).
    base: "./",
    // The standalone harness reads its remote's name from here (see @acp/federation/env).
    define: { "import.meta.env.ACP_REMOTE_NAME": JSON.stringify(name) },
    plugins: [
      remoteScaffolding(name, root),
      sharedKits(),
      react(),
      tailwindcss(),
      federation({
        name,
        filename: REMOTE_ENTRY_FILENAME,
        manifest: true,
        exposes,
        shared: sharedSingletons({ providedByHost: inShellOnly }),
        // As the shell: a shared package comes from whoever loaded it first (the shell), so loading one remote never
        // fetches every other registered remote's entry to compare versions.
        shareStrategy: "loaded-first",
        dts: false,
        dev: { remoteHmr: true },
        experiments: { externalRuntime: inShellOnly },
        moduleParseIdleTimeout: MODULE_PARSE_IDLE_TIMEOUT_S,
      }),
      preloadRemoteStyles(),
      ...(pageHeads ? [writePageHeads(name, pageHeads)] : []),
      precompress(),
    ],
    build: {
      outDir: "dist",
      target: "es2022",
      // There is no index.html: a build's entries are the exposed modules (the federation plugin adds remoteEntry),
      // and `vite dev` enters through the standalone harness, which the federation plugin initialises first.
      rollupOptions: { input: inShellOnly ? Object.values(exposes) : "src/main.tsx" },
    },
    server: {
      port: devPort,
      strictPort: true,
      // Absolute asset URLs in dev, so the shell's page can load this remote's modules from another port.
      origin,
      cors: true,
      // Keeps the browser's Host (no changeOrigin) so the API's same-origin CSRF check passes in the harness.
      proxy: { "/api": { target: API_ORIGIN, changeOrigin: false } },
    },
    preview: { port: devPort, strictPort: true, cors: true },
  };
}
