// Serves the built front ends in the single-machine default: remotes at /mf/<name>/, the shell (SPA) everywhere
// else, and on "/" the prerendered landing page to a visitor without a valid session (DESIGN 2b). Files go out in
// the precompressed variant (brotli, gzip) the browser accepts; build metadata is never served.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { isRemoteName, PAGE_HEADS_FILENAME } from "@acp/contracts/remotes";
import { $, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getMimeType } from "hono/utils/mime";
import { setSessionCookie } from "../auth/session-cookie";
import { lookUpSession } from "../auth/session-lookup";
import { REMOTE_NAMES } from "../env";
import type { AppEnv } from "../lib/app-env";
import { AppError } from "../lib/app-error";
import { cspDirectives, serializeCsp } from "../lib/content-security-policy";
import { createRouter } from "../lib/openapi";
import { composedDocument, composePageHead, findPageHead, type PageHead } from "./page-heads";

const NOT_BUILT = "front end not built: run npm start";
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
/** "/" answers differently signed in and signed out, so no cache may keep either answer. */
const NO_STORE = "no-store";
/** Written by the shell's build (shell/prerender-landing.ts). */
const LANDING_FILE = "landing.html";

/** Vite names hashed build output `name-<8+ url-safe chars>.ext`; only those may be cached forever. */
const HASHED_FILE = /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/** Precompressed variants the build writes beside a file, in order of preference. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map|wasm)$/i;

function cacheControlFor(file: string): string {
  const base = path.basename(file);
  if (base === "mf-manifest.json" || base.startsWith("remoteEntry") || base.endsWith(".html"))
    return REVALIDATE;
  return HASHED_FILE.test(base) ? IMMUTABLE : REVALIDATE;
}

/**
 * Build output that is not for browsers: Vite's `.vite/manifest.json` (any dot-folder or dotfile), the federation
 * plugin's `mf-stats.json`, the precompressed variants asked for by name, and in a remote any HTML (a remote's
 * standalone page is a development tool).
 */
function isBuildMetadata(relative: string, { remote }: { remote: boolean }): boolean {
  const segments = relative.split(/[\\/]/);
  if (segments.some((segment) => segment.startsWith("."))) return true;
  const base = segments.at(-1) ?? "";
  if (base === "mf-stats.json" || base === PAGE_HEADS_FILENAME || /\.(?:br|gz)$/.test(base)) return true;
  return remote && base.endsWith(".html");
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

/** The encodings the request accepts (q=0 refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  return accepted;
}

/** The precompressed variant of `file` the client accepts, if the build wrote one. */
async function pickVariant(c: Context, file: string) {
  if (!COMPRESSIBLE.test(file)) return undefined;
  const accepted = acceptedEncodings(c.req.header("accept-encoding"));
  for (const encoding of ENCODINGS) {
    if (!accepted.has(encoding.name)) continue;
    const stats = await fileStats(`${file}${encoding.suffix}`);
    if (stats) return { encoding: encoding.name, file: `${file}${encoding.suffix}`, stats };
  }
  return undefined;
}

/**
 * Streams a file (or its precompressed variant) with a content type, a validator (ETag) per variant and the given
 * cache policy; answers 304 when fresh.
 */
async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response | undefined> {
  const original = await fileStats(file);
  if (!original) return undefined;
  const variant = await pickVariant(c, file);
  const stats = variant?.stats ?? original;
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${variant ? `-${variant.encoding}` : ""}"`;
  c.header("Cache-Control", cacheControl);
  c.header("ETag", etag);
  c.header("Content-Type", getMimeType(file) ?? "application/octet-stream");
  if (COMPRESSIBLE.test(file)) c.header("Vary", "Accept-Encoding", { append: true });
  if (variant) c.header("Content-Encoding", variant.encoding);
  if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  c.header("Content-Length", String(stats.size));
  if (c.req.method === "HEAD") return c.body(null, 200);
  return c.body(Readable.toWeb(createReadStream(variant?.file ?? file)) as ReadableStream, 200);
}

const inlineScriptHashes = new Map<string, { key: string; hashes: string[] }>();

/** CSP hashes of the inline scripts in an HTML file (bundlers may inject some), cached per file version. */
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

/** Sends one of the shell's HTML documents with a CSP that allows exactly its inline scripts. */
async function sendHtml(
  c: Context<AppEnv>,
  file: string,
  cacheControl: string,
): Promise<Response | undefined> {
  const stats = await fileStats(file);
  if (!stats) return undefined;
  const hashes = await scriptHashesOf(file, `${stats.size}:${stats.mtimeMs}`);
  c.header(
    "Content-Security-Policy",
    serializeCsp(cspDirectives(c.var.deps.config, { scriptHashes: hashes })),
  );
  return sendFile(c, file, cacheControl);
}

/**
 * Sends index.html with the page head of `pathname` composed into it (page-heads.ts), compressed as the request
 * accepts; undefined when the file is missing or has no slot for it.
 */
async function sendComposedHtml(
  c: Context<AppEnv>,
  file: string,
  pathname: string,
  head: PageHead,
): Promise<Response | undefined> {
  const stats = await fileStats(file);
  if (!stats) return undefined;
  const html = composePageHead(await readFile(file, "utf8"), pathname, head);
  if (html === undefined) return undefined;
  const document = composedDocument(html);
  const hashes = await scriptHashesOf(file, `${stats.size}:${stats.mtimeMs}`);
  c.header(
    "Content-Security-Policy",
    serializeCsp(cspDirectives(c.var.deps.config, { scriptHashes: hashes })),
  );
  const accepted = acceptedEncodings(c.req.header("accept-encoding"));
  const encoding = accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : undefined;
  const body = encoding === "br" ? document.br : encoding === "gzip" ? document.gzip : document.html;
  const etag = encoding ? document.etag.replace(/"$/, `-${encoding}"`) : document.etag;
  // Composed for a signed-in session (the caller adds Vary: Cookie): no cache may keep it.
  c.header("Cache-Control", NO_STORE);
  c.header("Vary", "Accept-Encoding", { append: true });
  c.header("ETag", etag);
  c.header("Content-Type", "text/html; charset=utf-8");
  if (encoding) c.header("Content-Encoding", encoding);
  if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  c.header("Content-Length", String(body.byteLength));
  if (c.req.method === "HEAD") return c.body(null, 200);
  return c.body(new Uint8Array(body), 200);
}

/** The page head composed into `pathname`'s first HTML, if a remote hosted here wrote one. */
function pageHeadOf(c: Context<AppEnv>, pathname: string): Promise<PageHead | undefined> {
  const { staticRoot, remotes } = c.var.deps.config;
  return findPageHead({
    staticRoot,
    remotes,
    pathname,
    onInvalid: (file, reason) => c.var.logger.warn({ file, reason }, "page heads file left out"),
  });
}

/** "/knowledge/" and "/knowledge" are one page (as the shell's router matches them). */
function pagePath(urlPath: string): string {
  return urlPath.length > 1 ? urlPath.replace(/\/+$/, "") || "/" : urlPath;
}

/**
 * True when the request carries a valid session. Uses the same bounded lookup as signed-in routes (a flood of
 * made-up cookies is refused without a query); a refused lookup is treated as signed out: the public page is fine.
 */
async function hasValidSession(c: Context<AppEnv>): Promise<boolean> {
  try {
    const { session, renewed, token } = await lookUpSession(c);
    if (session && renewed && token) setSessionCookie(c, token, session.expiresAt);
    return session !== null;
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") return false;
    throw error;
  }
}

export const staticRoutes = $(
  createRouter()
    .get("/mf/:remote/*", async (c) => {
      const remote = c.req.param("remote");
      if (!isRemoteName(remote)) return c.text("Not found", 404);
      const root = path.join(c.var.deps.config.staticRoot, remote, "dist");
      // Remotes may be consumed by a shell on another origin (CDN, dev server).
      c.header("Access-Control-Allow-Origin", "*");
      c.header("Cross-Origin-Resource-Policy", "cross-origin");
      if (!(await isDirectory(root))) return c.text(NOT_BUILT, 503);
      const relative = c.req.path.slice(`/mf/${remote}/`.length);
      const file = relative ? resolveInside(root, relative) : undefined;
      if (!file || isBuildMetadata(path.relative(root, file), { remote: true }))
        return c.text("Not found", 404);
      return (await sendFile(c, file, cacheControlFor(file))) ?? c.text("Not found", 404);
    })
    .get("*", async (c) => {
      // Unknown API paths must stay JSON 404s, never the single-page app.
      if (c.req.path === "/api" || c.req.path.startsWith("/api/")) {
        throw new AppError("NOT_FOUND", `No such endpoint: ${c.req.method} ${c.req.path}`);
      }
      const root = path.join(c.var.deps.config.staticRoot, "shell", "dist");
      const index = path.join(root, "index.html");
      if (!(await fileStats(index))) return c.text(NOT_BUILT, 503);

      if (c.req.path === "/") {
        // Signed out: the prerendered landing page, readable without JavaScript. Signed in: the app.
        c.header("Vary", "Cookie", { append: true });
        const landing = path.join(root, LANDING_FILE);
        const signedIn = await hasValidSession(c);
        const head = signedIn ? await pageHeadOf(c, "/") : undefined;
        const composed = head ? await sendComposedHtml(c, index, "/", head) : undefined;
        if (composed) return composed;
        return (
          (await sendHtml(c, signedIn ? index : landing, NO_STORE)) ??
          (await sendHtml(c, index, NO_STORE)) ??
          c.text(NOT_BUILT, 503)
        );
      }

      const file = resolveInside(root, c.req.path.slice(1));
      if (file && file !== index) {
        if (isBuildMetadata(path.relative(root, file), { remote: false })) return c.text("Not found", 404);
        const response = await sendFile(c, file, cacheControlFor(file));
        if (response) return response;
        // A missing asset (has an extension) is a 404; anything else is a client-side route.
        if (path.extname(file) !== "") return c.text("Not found", 404);
      }
      // A page whose remote wrote a head gets it when signed in (a signed-out visitor sees the sign-in prompt).
      const pathname = pagePath(c.req.path);
      const head = await pageHeadOf(c, pathname);
      if (head) {
        c.header("Vary", "Cookie", { append: true });
        const composed = (await hasValidSession(c))
          ? await sendComposedHtml(c, index, pathname, head)
          : undefined;
        if (composed) return composed;
      }
      return (await sendHtml(c, index, head ? NO_STORE : REVALIDATE)) ?? c.text(NOT_BUILT, 503);
    }),
);

staticRoutes.openAPIRegistry.registerPath({
  method: "get",
  path: "/mf/{remote}/{file}",
  tags: ["Front end"],
  summary: "A built remote's files (mf-manifest.json, remoteEntry, assets)",
  description:
    "Serves <STATIC_ROOT>/<remote>/dist/<file>; `file` may contain slashes. CORS is open; hashed assets are immutable, the manifest and remoteEntry revalidate. The build's brotli or gzip copy is sent when the request accepts it (`Content-Encoding`, `Vary: Accept-Encoding`). Build metadata (`.vite/`, `mf-stats.json`) and the standalone `index.html` are not served.",
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
  summary: "The shell (single-page app), or the landing page on / when signed out",
  description:
    "`/` answers the prerendered landing page (no scripts) without a valid session cookie and the app's index.html with one, both `Cache-Control: no-store`. Any other GET outside /api: a file of <STATIC_ROOT>/shell/dist (precompressed when accepted), or index.html for client-side routes. For a signed-in request of a page whose remote (hosted here) wrote a page head, index.html carries that page's header in its loading frame and the header's styles in a `<style>` (uncached, `Vary: Cookie`).",
  request: { params: z.object({ path: z.string() }) },
  responses: {
    200: { description: "A shell file or index.html", content: { "text/html": { schema: z.string() } } },
    404: { description: "A missing asset" },
    503: { description: "The shell is not built", content: { "text/plain": { schema: z.string() } } },
  },
});
