// Serving the built shell and remotes from STATIC_ROOT: caching, CORS, SPA fallback, traversal and missing builds.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import type { Database } from "../db/create-database";
import { createDeps } from "../deps";
import { createTestDatabase, testConfig } from "../test/test-app";

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

    for (const route of ["/", "/knowledge", "/agent/gtm", "/index.html"]) {
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
});
