// Vite plugin of the shell's build: lets index.html start, beside the start-up scripts, what the signed-in app asks
// for next. The server sends index.html to signed-in requests (signed-out visitors of "/" get landing.html), and
// each of these used to wait for the one before it: the scripts, then GET /api/auth/user, then the signed-in app's
// chunk, then /remotes.json, and only then the page's remote. Preloaded, the three arrive while the scripts run.
import type { HtmlTagDescriptor, Plugin, Rollup } from "vite";

/** The shell's lazily imported signed-in app (src/app/auth-gate.tsx). */
const SIGNED_IN_APP = "/src/app/signed-in-app.tsx";
// Spelled here, not imported: Node loads this file with the Vite config, and those packages' sources use
// extensionless imports Node cannot resolve. preload-signed-in.test.ts checks them against their sources.
/** @acp/client's CURRENT_USER_URL: the first thing the app asks the API. */
export const CURRENT_USER_URL = "/api/auth/user";
/** @acp/federation/loader's REMOTES_JSON_URL: read when the first remote loads. */
export const REMOTES_JSON_URL = "/remotes.json";

/**
 * The fetches the page makes as its own code does them, so the browser hands over the preloaded answer: the user with
 * credentials "include" (@acp/client's request), the registry with "same-origin" (the loader's fetch).
 */
export function signedInPreloadTags(base: string, chunkFiles: readonly string[]): HtmlTagDescriptor[] {
  const fetchTag = (href: string, crossorigin: "use-credentials" | "anonymous"): HtmlTagDescriptor => ({
    tag: "link",
    attrs: { rel: "preload", as: "fetch", href, crossorigin },
    injectTo: "head",
  });
  return [
    fetchTag(CURRENT_USER_URL, "use-credentials"),
    fetchTag(REMOTES_JSON_URL, "anonymous"),
    ...chunkFiles.map(
      (file): HtmlTagDescriptor => ({
        tag: "link",
        attrs: { rel: "modulepreload", crossorigin: true, href: `${base}${file}` },
        injectTo: "head",
      }),
    ),
  ];
}

export function preloadSignedIn(): Plugin {
  let base = "/";
  return {
    name: "acp-preload-signed-in",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (file): file is Rollup.OutputChunk => file.type === "chunk",
        );
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(SIGNED_IN_APP));
        if (!app) throw new Error(`preload-signed-in: no chunk of ${SIGNED_IN_APP} in the build`);
        // The chunk and what it imports statically, less what index.html loads already.
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file) || html.includes(`${base}${file}"`)) return;
          files.add(file);
          for (const imported of byName.get(file)?.imports ?? []) visit(imported);
        };
        visit(app.fileName);
        return signedInPreloadTags(base, [...files]);
      },
    },
  };
}
