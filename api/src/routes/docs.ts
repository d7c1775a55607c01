// The OpenAPI 3.1 document and an interactive reference (Scalar, served from node_modules: works offline).
import { createReadStream, existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";
import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "../lib/app-error";
import { createRouter } from "../lib/openapi";

const require = createRequire(import.meta.url);

/** The self-contained browser build; the package's exports hide it, so resolve the package and walk over. */
function scalarStandalonePath(): string | undefined {
  try {
    const entry = require.resolve("@scalar/api-reference");
    const file = path.join(path.dirname(entry), "browser", "standalone.js");
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'self'",
].join("; ");

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Agent Control Panel API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<div id="app"></div>
<script src="/api/docs/scalar.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

// Fonts, telemetry, "Ask AI" and MCP generation would all reach out to scalar.com: switched off to stay offline.
const DOCS_INIT_JS = `Scalar.createApiReference("#app", ${JSON.stringify({
  url: "/api/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: false,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  metaData: { title: "Agent Control Panel API reference" },
})});
`;

const openApiRoute = createRoute({
  method: "get",
  path: "/openapi.json",
  tags: ["System"],
  summary: "This API's OpenAPI 3.1 document",
  responses: {
    200: {
      description: "OpenAPI 3.1 document",
      content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
    },
  },
});

const docsRoute = createRoute({
  method: "get",
  path: "/docs",
  tags: ["System"],
  summary: "Interactive API reference (offline)",
  responses: { 200: { description: "HTML page", content: { "text/html": { schema: z.string() } } } },
});

const docsAssetRoute = createRoute({
  method: "get",
  path: "/docs/{asset}",
  tags: ["System"],
  summary: "Scripts of the API reference page",
  request: { params: z.object({ asset: z.enum(["scalar.js", "init.js"]) }) },
  responses: {
    200: { description: "JavaScript", content: { "text/javascript": { schema: z.string() } } },
    404: { description: "Unknown asset" },
    503: { description: "The Scalar bundle is not installed" },
  },
});

/** `document` builds the OpenAPI document of the whole app (it is only complete once every router is mounted). */
export function createDocsRoutes(document: () => unknown) {
  let cached: unknown;
  return createRouter()
    .openapi(openApiRoute, (c) => {
      cached ??= document();
      return c.json(cached as Record<string, unknown>, 200);
    })
    .openapi(docsRoute, (c) => {
      c.header("Content-Security-Policy", DOCS_CSP);
      return c.html(DOCS_HTML, 200);
    })
    .openapi(docsAssetRoute, (c) => {
      const { asset } = c.req.valid("param");
      c.header("Content-Type", "text/javascript; charset=utf-8");
      if (asset === "init.js") {
        c.header("Cache-Control", "no-cache");
        return c.body(DOCS_INIT_JS, 200);
      }
      const file = scalarStandalonePath();
      if (!file) throw new AppError("SERVICE_UNAVAILABLE", "@scalar/api-reference is not installed");
      c.header("Cache-Control", "public, max-age=86400");
      return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200);
    });
}
