// Server-side composition of a page's head: a remote that owns a page writes that page's header, rendered at build
// time, into its dist (PAGE_HEADS_FILENAME, see @acp/federation/vite-remote). The signed-in index.html of that page
// gets it in the loading frame's empty slot, with the remote's scoped utilities it uses inlined, so the page's largest
// text paints with the HTML instead of after the shell's scripts, the registry and the remote's chunks. The shell
// keeps it on screen until the remote renders the same header (shell/src/lib/page-head.ts).
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import {
  defaultManifestUrl,
  PAGE_HEADS_FILENAME,
  REMOTE_NAMES,
  type RemoteName,
} from "@acp/contracts/remotes";
import { z } from "zod";

export type PageHead = { remote: RemoteName; html: string; css: string };

const pageHeadsSchema = z.object({
  pages: z.record(
    z.string(),
    z.object({
      html: z.string().refine((markup) => !/<script\b/i.test(markup), "a page head holds no script"),
      // Inlined in a <style> element: nothing may close it.
      css: z.string().refine((css) => !/<\/style/i.test(css), "a page head's CSS never closes its <style>"),
    }),
  ),
});
type PageHeads = z.infer<typeof pageHeadsSchema>;

/** The loading frame's slot in the shell's index.html (PageSkeleton with `head=""`). */
const EMPTY_SLOT = /<div data-page-head=""([^>]*)><\/div>/;

const readHeads = new Map<string, { key: string; heads: PageHeads | undefined }>();

/** Told why a remote's page heads file was left out (it is read again only once it changes). */
type OnInvalid = (file: string, reason: string) => void;

/** A remote's page heads, re-read when the file changes (a redeployed remote); undefined when absent or invalid. */
async function pageHeadsOf(file: string, onInvalid: OnInvalid): Promise<PageHeads | undefined> {
  let key: string;
  try {
    const stats = await stat(file);
    key = `${stats.size}:${stats.mtimeMs}`;
  } catch {
    readHeads.delete(file);
    return undefined;
  }
  const cached = readHeads.get(file);
  if (cached?.key === key) return cached.heads;
  let heads: PageHeads | undefined;
  try {
    const parsed = pageHeadsSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
    heads = parsed.success ? parsed.data : undefined;
    if (!parsed.success) onInvalid(file, parsed.error.issues.map((issue) => issue.message).join("; "));
  } catch (error) {
    onInvalid(file, error instanceof Error ? error.message : String(error));
  }
  readHeads.set(file, { key, heads });
  return heads;
}

/**
 * The head of the page at `pathname`, from the remotes this server hosts. A remote registered at another address
 * (REMOTES_MF_*) is skipped: its deployed header may differ from the build on this disk.
 */
export async function findPageHead({
  staticRoot,
  remotes,
  pathname,
  onInvalid,
}: {
  staticRoot: string;
  remotes: Readonly<Record<RemoteName, string>>;
  pathname: string;
  onInvalid: OnInvalid;
}): Promise<PageHead | undefined> {
  for (const name of REMOTE_NAMES) {
    if (remotes[name] !== defaultManifestUrl(name)) continue;
    const heads = await pageHeadsOf(path.join(staticRoot, name, "dist", PAGE_HEADS_FILENAME), onInvalid);
    const head = heads?.pages[pathname];
    if (head) return { remote: name, ...head };
  }
  return undefined;
}

/**
 * `indexHtml` with `head` in the loading frame's slot (inside the remote's style scope, tagged with the page's path
 * for the shell to recognise) and its utilities in a <style> of the head. Undefined when the document has no empty
 * slot.
 */
export function composePageHead(indexHtml: string, pathname: string, head: PageHead): string | undefined {
  if (!EMPTY_SLOT.test(indexHtml) || !indexHtml.includes("</head>")) return undefined;
  const filled = indexHtml.replace(
    EMPTY_SLOT,
    (_slot, attributes: string) =>
      `<div data-page-head=""${attributes} data-path="${escapeAttribute(pathname)}"><div data-remote="${head.remote}" class="contents">${head.html}</div></div>`,
  );
  const style = `<style data-page-head-styles="${head.remote}">${head.css}</style>`;
  return filled.replace("</head>", `${style}\n</head>`);
}

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

export type ComposedDocument = { html: Buffer; br: Buffer; gzip: Buffer; etag: string };

const composed = new Map<string, ComposedDocument>();
/** Enough for every page head of every remote; a redeploy makes new documents, so the oldest are dropped. */
const MAX_COMPOSED = 64;

/** A composed document with its compressed variants and validator, built once per distinct document. */
export function composedDocument(html: string): ComposedDocument {
  const known = composed.get(html);
  if (known) return known;
  const bytes = Buffer.from(html);
  const document: ComposedDocument = {
    html: bytes,
    br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(bytes, { level: 9 }),
    etag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 22)}"`,
  };
  if (composed.size >= MAX_COMPOSED) composed.delete(composed.keys().next().value as string);
  composed.set(html, document);
  return document;
}
