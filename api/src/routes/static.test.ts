// Serving the built shell and remotes from STATIC_ROOT: the landing page for visitors on "/", precompressed variants,
// caching, CORS, SPA fallback, hidden build metadata, traversal and missing builds.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import type { Database } from "../db/create-database";
import { createDeps } from "../deps";
import { createTestApp, createTestDatabase, signUp, type TestApp, testConfig } from "../test/test-app";

const LANDING_HTML = `<!doctype html><html><head><link rel="stylesheet" href="/assets/index-Cs5Sx1yz.css"></head><body><div id="root"><main><h1>Your executive team of AI agents</h1></main></div></body></html>`;
const BIG_SCRIPT = `export const page = ${JSON.stringify("x".repeat(4096))};`;
const INDEX_HTML = `<!doctype html><html><head><script>window.__boot=1</script><script type="module" src="/assets/index-AbCd1234.js"></script></head><body><div id="root"></div></body></html>`;

describe("static front-end serving", () => {
  let root: string;
  let database: Database;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "acp-static-"));
    const write = async (file: string, content: string) => {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), content);
    };
    await write("shell/dist/index.html", INDEX_HTML);
    await write("shell/dist/assets/index-AbCd1234.js", "console.log('shell')");
    await write("shell/dist/favicon.svg", "<svg/>");
    await write("shell/dist/landing.html", LANDING_HTML);
    await write("shell/dist/assets/page-Pq7rSt90.js", BIG_SCRIPT);
    await writeFile(path.join(root, "shell/dist/assets/page-Pq7rSt90.js.br"), brotliCompressSync(BIG_SCRIPT));
    await writeFile(path.join(root, "shell/dist/assets/page-Pq7rSt90.js.gz"), gzipSync(BIG_SCRIPT));
    await write("shell/dist/.vite/manifest.json", '{"secret":"build layout"}');
    await write("mf-agents/dist/.vite/manifest.json", '{"secret":"build layout"}');
    await write("mf-agents/dist/mf-stats.json", '{"secret":"build stats"}');
    await write("mf-agents/dist/index.html", "<!doctype html><title>standalone</title>");
    await write("mf-agents/dist/mf-manifest.json", '{"name":"mf-agents"}');
    await write("mf-agents/dist/remoteEntry.js", "export const get = 1;");
    await write("mf-agents/dist/assets/page-Xy9_Zw12.js", "export default 1;");
    await write("mf-agents/dist/assets/style-Qr5tUv78.css", "body{}");
    await write("secret.txt", "do not serve");
    database = await createTestDatabase("pglite");
    app = createApp(await createDeps(testConfig({ staticRoot: root }), { database }));
  });

  afterAll(async () => {
    await database?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("serves a remote's manifest and remoteEntry with CORS and no-cache", async () => {
    for (const file of ["mf-manifest.json", "remoteEntry.js"]) {
      const response = await app.request(`/mf/mf-agents/${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      expect(response.headers.get("cache-control")).toBe("no-cache");
    }
    const manifest = await app.request("/mf/mf-agents/mf-manifest.json");
    expect(manifest.headers.get("content-type")).toMatch(/application\/json/);
    expect(await manifest.json()).toEqual({ name: "mf-agents" });
  });

  it("caches hashed remote assets for a year", async () => {
    const script = await app.request("/mf/mf-agents/assets/page-Xy9_Zw12.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    const css = await app.request("/mf/mf-agents/assets/style-Qr5tUv78.css");
    expect(css.headers.get("content-type")).toMatch(/text\/css/);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await app.request("/mf/mf-agents/remoteEntry.js");
    const etag = first.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const again = await app.request("/mf/mf-agents/remoteEntry.js", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("404s unknown remotes and files, 503s a remote that is not built", async () => {
    expect((await app.request("/mf/mf-agents/missing.js")).status).toBe(404);
    expect((await app.request("/mf/not-a-remote/remoteEntry.js")).status).toBe(404);
    const unbuilt = await app.request("/mf/mf-knowledge/mf-manifest.json");
    expect(unbuilt.status).toBe(503);
    expect(await unbuilt.text()).toBe("front end not built: run npm start");
  });

  it("never serves files outside the dist folder", async () => {
    for (const probe of [
      "/mf/mf-agents/..%2f..%2fsecret.txt",
      "/mf/mf-agents/%2e%2e/%2e%2e/secret.txt",
      "/..%2fsecret.txt",
      "/%2e%2e/%2e%2e/secret.txt",
    ]) {
      const response = await app.request(probe);
      expect(await response.text()).not.toContain("do not serve");
    }
  });

  it("serves shell files and falls back to index.html for client-side routes", async () => {
    const asset = await app.request("/assets/index-AbCd1234.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    for (const route of ["/knowledge", "/agent/gtm", "/index.html"]) {
      const response = await app.request(route);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/text\/html/);
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(await response.text()).toBe(INDEX_HTML);
    }
    expect((await app.request("/assets/missing-12345678.js")).status).toBe(404);
  });

  it("allows exactly the shell's inline scripts through the CSP by hash", async () => {
    const csp = (await app.request("/knowledge")).headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split("; ").find((directive) => directive.startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  });

  it("sends the security headers with the shell's index.html", async () => {
    const response = await app.request("/knowledge");
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const directives = (response.headers.get("content-security-policy") ?? "").split("; ");
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'self'",
    ]) {
      expect(directives).toContain(directive);
    }
  });

  it("keeps unknown /api paths as JSON 404s, never the SPA", async () => {
    const response = await app.request("/api/no-such-endpoint");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "NOT_FOUND", error: expect.any(String) });
    const post = await app.request("/api/no-such-endpoint", { method: "POST" });
    expect(post.status).toBe(404);
    expect(((await post.json()) as { code: string }).code).toBe("NOT_FOUND");
  });

  it("answers 503 with a clear message when the shell is not built", async () => {
    const bare = createApp(
      await createDeps(testConfig({ staticRoot: path.join(root, "nothing-here") }), { database }),
    );
    const response = await bare.request("/");
    expect(response.status).toBe(503);
    expect(await response.text()).toBe("front end not built: run npm start");
  });

  it("gives a visitor without a valid session the prerendered landing page on /, uncached and script-free", async () => {
    for (const cookie of [undefined, "session=abcdefghijklmnopqrstuvwxyz234567", "session=not-a-token"]) {
      const response = await app.request("/", cookie ? { headers: { cookie } } : {});
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/text\/html/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const html = await response.text();
      expect(html).toBe(LANDING_HTML);
      expect(html).not.toMatch(/<script/i);
    }
  });

  it("answers 304 only within the same encoding", async () => {
    const br = await app.request("/assets/page-Pq7rSt90.js", { headers: { "accept-encoding": "br" } });
    const plain = await app.request("/assets/page-Pq7rSt90.js");
    expect(br.headers.get("etag")).not.toBe(plain.headers.get("etag"));
    const again = await app.request("/assets/page-Pq7rSt90.js", {
      headers: { "accept-encoding": "br", "if-none-match": br.headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(304);
  });

  it("serves the build's brotli or gzip copy the browser accepts, with Content-Encoding and Vary", async () => {
    const br = await app.request("/assets/page-Pq7rSt90.js", {
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(br.headers.get("content-type")).toMatch(/javascript/);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(BIG_SCRIPT);

    const gzip = await app.request("/assets/page-Pq7rSt90.js", {
      headers: { "accept-encoding": "gzip, br;q=0" },
    });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(BIG_SCRIPT);

    const identity = await app.request("/assets/page-Pq7rSt90.js");
    expect(identity.headers.get("content-encoding")).toBeNull();
    expect(identity.headers.get("vary")).toContain("Accept-Encoding");
    expect(identity.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await identity.text()).toBe(BIG_SCRIPT);
  });

  it("never serves build metadata, standalone remote pages or compressed copies by name", async () => {
    for (const probe of [
      "/.vite/manifest.json",
      "/mf/mf-agents/.vite/manifest.json",
      "/mf/mf-agents/mf-stats.json",
      "/mf/mf-agents/index.html",
      "/assets/page-Pq7rSt90.js.br",
      "/mf/mf-agents/%2Evite/manifest.json",
    ]) {
      const response = await app.request(probe);
      expect(response.status, probe).toBe(404);
      expect(await response.text()).not.toContain("secret");
    }
  });

  it("falls back to index.html on / when the build has no landing page", async () => {
    const bareRoot = await mkdtemp(path.join(os.tmpdir(), "acp-static-nolanding-"));
    await mkdir(path.join(bareRoot, "shell/dist"), { recursive: true });
    await writeFile(path.join(bareRoot, "shell/dist/index.html"), INDEX_HTML);
    const bare = createApp(await createDeps(testConfig({ staticRoot: bareRoot }), { database }));
    const response = await bare.request("/");
    expect(await response.text()).toBe(INDEX_HTML);
    expect(response.headers.get("cache-control")).toBe("no-store");
    await rm(bareRoot, { recursive: true, force: true });
  });
});

describe("static front-end serving to a signed-in user", () => {
  let root: string;
  let testApp: TestApp;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "acp-static-signed-in-"));
    await mkdir(path.join(root, "shell/dist"), { recursive: true });
    await writeFile(path.join(root, "shell/dist/index.html"), INDEX_HTML);
    await writeFile(path.join(root, "shell/dist/landing.html"), LANDING_HTML);
    testApp = await createTestApp("pglite", { config: { staticRoot: root } });
  });

  afterAll(async () => {
    await testApp?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("gives the app on /, uncached, to a request with a valid session", async () => {
    const { cookie } = await signUp(testApp);
    const response = await testApp.request("/", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("vary")).toContain("Cookie");
    expect(await response.text()).toBe(INDEX_HTML);

    const visitor = await testApp.request("/");
    expect(await visitor.text()).toBe(LANDING_HTML);
  });
});

describe("a page's head composed into its first HTML for a signed-in user", () => {
  const SLOT_INDEX = `<!doctype html><html><head><script>window.__boot=1</script><script type="module" src="/assets/index-AbCd1234.js"></script></head><body><div id="root"><div class="frame"><div data-page-head="" class="empty:hidden"></div><div data-slot="page-skeleton-title"></div></div></div></body></html>`;
  const HEADER = `<header data-slot="page-header"><h1 class="font-bold text-3xl">Executive AI Command Center</h1></header>`;
  const CSS = `@layer utilities{@scope ([data-remote="mf-dashboard"]){.text-3xl{font-size:1.875rem}}}@property --tw-x{syntax:"<percentage>";inherits:false}`;
  const heads = (pages: Record<string, { html: string; css: string }>) => JSON.stringify({ pages });
  let root: string;
  let testApp: TestApp;
  let cookie: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "acp-static-heads-"));
    await mkdir(path.join(root, "shell/dist"), { recursive: true });
    await mkdir(path.join(root, "mf-dashboard/dist"), { recursive: true });
    await mkdir(path.join(root, "mf-knowledge/dist"), { recursive: true });
    await writeFile(path.join(root, "shell/dist/index.html"), SLOT_INDEX);
    await writeFile(path.join(root, "shell/dist/landing.html"), LANDING_HTML);
    await writeFile(
      path.join(root, "mf-dashboard/dist/page-heads.json"),
      heads({ "/": { html: HEADER, css: CSS } }),
    );
    await writeFile(
      path.join(root, "mf-knowledge/dist/page-heads.json"),
      heads({ "/knowledge": { html: "<header><h1>Knowledge Base</h1></header>", css: "" } }),
    );
    testApp = await createTestApp("pglite", { config: { staticRoot: root } });
    ({ cookie } = await signUp(testApp));
  });

  afterAll(async () => {
    await testApp?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("puts the remote's header into the loading frame's slot and its utilities into the head, uncached", async () => {
    const response = await testApp.request("/", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain(
      `<div data-page-head="" class="empty:hidden" data-path="/"><div data-remote="mf-dashboard" class="contents">${HEADER}</div></div>`,
    );
    expect(html).toContain(`<style data-page-head-styles="mf-dashboard">${CSS}</style>\n</head>`);
    // The inline boot script is still allowed by its hash: composing adds no script.
    const scriptSrc = (response.headers.get("content-security-policy") ?? "")
      .split("; ")
      .find((directive) => directive.startsWith("script-src"));
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
  });

  it("sends the composed page compressed as accepted, with a validator per encoding", async () => {
    const plain = await (await testApp.request("/", { cookie })).text();
    const br = await testApp.request("/", { cookie, headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gz = await testApp.request("/", { cookie, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
    const etag = gz.headers.get("etag") ?? "";
    expect(etag).not.toBe(br.headers.get("etag"));
    const again = await testApp.request("/", {
      cookie,
      headers: { "accept-encoding": "gzip", "if-none-match": etag },
    });
    expect(again.status).toBe(304);
  });

  it("composes any page whose remote wrote a head, and never for a visitor", async () => {
    const knowledge = await testApp.request("/knowledge/", { cookie });
    expect(await knowledge.text()).toContain(
      `data-path="/knowledge"><div data-remote="mf-knowledge" class="contents"><header><h1>Knowledge Base</h1>`,
    );
    const visitor = await testApp.request("/knowledge");
    expect(await visitor.text()).toBe(SLOT_INDEX);
    expect(visitor.headers.get("vary")).toContain("Cookie");
    expect(visitor.headers.get("cache-control")).toBe("no-store");
    expect(await (await testApp.request("/")).text()).toBe(LANDING_HTML);
    // A page without a head is the plain, cacheable index.html.
    const training = await testApp.request("/training", { cookie });
    expect(await training.text()).toBe(SLOT_INDEX);
    expect(training.headers.get("cache-control")).toBe("no-cache");
  });

  it("never serves the page heads file to browsers", async () => {
    expect((await testApp.request("/mf/mf-dashboard/page-heads.json")).status).toBe(404);
  });

  it("takes a redeployed remote's new head, and drops one that would inject a script", async () => {
    const file = path.join(root, "mf-knowledge/dist/page-heads.json");
    await writeFile(
      file,
      heads({ "/knowledge": { html: "<header><h1>Knowledge, redeployed</h1></header>", css: "" } }),
    );
    expect(await (await testApp.request("/knowledge", { cookie })).text()).toContain("Knowledge, redeployed");
    await writeFile(file, heads({ "/knowledge": { html: "<h1>x</h1><script>alert(1)</script>", css: "" } }));
    expect(await (await testApp.request("/knowledge", { cookie })).text()).toBe(SLOT_INDEX);
    await writeFile(
      file,
      heads({ "/knowledge": { html: "<h1>x</h1>", css: "</style><script>alert(1)</script>" } }),
    );
    expect(await (await testApp.request("/knowledge", { cookie })).text()).toBe(SLOT_INDEX);
  });

  it("skips a remote registered at another address: its deployed header may differ from this disk", async () => {
    const moved = await createTestApp("pglite", {
      config: {
        staticRoot: root,
        remotes: {
          ...testConfig().remotes,
          "mf-dashboard": "https://cdn.example.com/mf-dashboard/mf-manifest.json",
        },
      },
    });
    try {
      const { cookie: movedCookie } = await signUp(moved);
      expect(await (await moved.request("/", { cookie: movedCookie })).text()).toBe(SLOT_INDEX);
    } finally {
      await moved.close();
    }
  });
});
