// Serves the built front ends in the single-machine default: remotes at /mf/<name>/, the shell (SPA) everywhere else.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { $, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getMimeType } from "hono/utils/mime";
import { REMOTE_NAMES, type RemoteName } from "../env";
import { AppError } from "../lib/app-error";
import { cspDirectives, serializeCsp } from "../lib/content-security-policy";
import { createRouter } from "../lib/openapi";

const NOT_BUILT = "front end not built: run npm start";
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

/** Vite names hashed build output `name-<8+ url-safe chars>.ext`; only those may be cached forever. */
const HASHED_FILE = /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

function cacheControlFor(file: string): string {
  const base = path.basename(file);
  if (base === "mf-manifest.json" || base.startsWith("remoteEntry") || base.endsWith(".html"))
    return REVALIDATE;
  return HASHED_FILE.test(base) ? IMMUTABLE : REVALIDATE;
}

/** Maps a URL path inside a dist folder to a file path, refusing anything that escapes the folder. */
function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return file === root || file.startsWith(`${root}${path.sep}`) ? file : undefined;
}

async function fileStats(file: string) {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** Streams a file with a content type, a validator (ETag) and the given cache policy; answers 304 when fresh. */
async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response | undefined> {
  const stats = await fileStats(file);
  if (!stats) return undefined;
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  c.header("Cache-Control", cacheControl);
  c.header("ETag", etag);
  c.header("Content-Type", getMimeType(file) ?? "application/octet-stream");
  if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  c.header("Content-Length", String(stats.size));
  if (c.req.method === "HEAD") return c.body(null, 200);
  return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200);
}

const inlineScriptHashes = new Map<string, { key: string; hashes: string[] }>();

/** CSP hashes of the inline scripts in the shell's index.html (bundlers may inject some), cached per file version. */
async function scriptHashesOf(file: string, key: string): Promise<string[]> {
  const cached = inlineScriptHashes.get(file);
  if (cached?.key === key) return cached.hashes;
  const html = await readFile(file, "utf8");
  const hashes = [...html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1] ?? "")
    .filter((body) => body.trim() !== "")
    .map((body) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  inlineScriptHashes.set(file, { key, hashes });
  return hashes;
}

export const staticRoutes = $(
  createRouter()
    .get("/mf/:remote/*", async (c) => {
      const remote = c.req.param("remote");
      if (!REMOTE_NAMES.includes(remote as RemoteName)) return c.text("Not found", 404);
      const root = path.join(c.var.deps.config.staticRoot, remote, "dist");
      // Remotes may be consumed by a shell on another origin (CDN, dev server).
      c.header("Access-Control-Allow-Origin", "*");
      c.header("Cross-Origin-Resource-Policy", "cross-origin");
      if (!(await isDirectory(root))) return c.text(NOT_BUILT, 503);
      const relative = c.req.path.slice(`/mf/${remote}/`.length);
      const file = relative ? resolveInside(root, relative) : undefined;
      const response = file ? await sendFile(c, file, cacheControlFor(file)) : undefined;
      return response ?? c.text("Not found", 404);
    })
    .get("*", async (c) => {
      // Unknown API paths must stay JSON 404s, never the single-page app.
      if (c.req.path === "/api" || c.req.path.startsWith("/api/")) {
        throw new AppError("NOT_FOUND", `No such endpoint: ${c.req.method} ${c.req.path}`);
      }
      const root = path.join(c.var.deps.config.staticRoot, "shell", "dist");
      const index = path.join(root, "index.html");
      const indexStats = await fileStats(index);
      if (!indexStats) return c.text(NOT_BUILT, 503);

      const file = c.req.path === "/" ? undefined : resolveInside(root, c.req.path.slice(1));
      if (file && file !== index) {
        const response = await sendFile(c, file, cacheControlFor(file));
        if (response) return response;
        // A missing asset (has an extension) is a 404; anything else is a client-side route.
        if (path.extname(file) !== "") return c.text("Not found", 404);
      }
      const hashes = await scriptHashesOf(index, `${indexStats.size}:${indexStats.mtimeMs}`);
      c.header(
        "Content-Security-Policy",
        serializeCsp(cspDirectives(c.var.deps.config, { scriptHashes: hashes })),
      );
      return (await sendFile(c, index, REVALIDATE)) ?? c.text(NOT_BUILT, 503);
    }),
);

staticRoutes.openAPIRegistry.registerPath({
  method: "get",
  path: "/mf/{remote}/{file}",
  tags: ["Front end"],
  summary: "A built remote's files (mf-manifest.json, remoteEntry, assets)",
  description:
    "Serves <STATIC_ROOT>/<remote>/dist/<file>; `file` may contain slashes. CORS is open; hashed assets are immutable, the manifest and remoteEntry revalidate.",
  request: {
    params: z.object({ remote: z.enum(REMOTE_NAMES), file: z.string() }),
  },
  responses: {
    200: { description: "The file" },
    404: { description: "No such remote or file" },
    503: { description: "The remote is not built", content: { "text/plain": { schema: z.string() } } },
  },
});

staticRoutes.openAPIRegistry.registerPath({
  method: "get",
  path: "/{path}",
  tags: ["Front end"],
  summary: "The shell (single-page app)",
  description:
    "Any other GET outside /api: a file of <STATIC_ROOT>/shell/dist, or index.html for client-side routes.",
  request: { params: z.object({ path: z.string() }) },
  responses: {
    200: { description: "A shell file or index.html", content: { "text/html": { schema: z.string() } } },
    404: { description: "A missing asset" },
    503: { description: "The shell is not built", content: { "text/plain": { schema: z.string() } } },
  },
});
