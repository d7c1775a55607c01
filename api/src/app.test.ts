// App-wide behaviour: security headers, JSON 404s, and no request that crashes the process.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_BODY_LIMIT_BYTES } from "./app";
import { createTestApp, engines, signUp, type TestApp } from "./test/test-app";

describe("app-wide behaviour", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sends security headers on JSON answers and JSON errors, with a CSP that keeps scripts to our origin", async () => {
    const ok = await t.request("/api/health");
    const error = await t.request("/api/auth/user");
    expect(ok.status).toBe(200);
    expect(error.status).toBe(401);
    for (const response of [ok, error]) {
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      // Images only from where the product takes them (no "https:" wildcard: any site could be a beacon).
      expect(csp).toContain("img-src 'self' data: blob:;");
      expect(response.headers.get("permissions-policy")).toMatch(
        /^accelerometer=\(\), camera=\(\), clipboard-write=\(self\), .*microphone=\(\)/,
      );
      // Chromium warns on every page about a feature it does not recognise.
      expect(response.headers.get("permissions-policy")).not.toContain("bluetooth");
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      // Plain-http deployments must not pin browsers to https.
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("answers unknown /api paths with a JSON 404 for any method", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      const response = await t.request("/api/no-such-endpoint", { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: `No such endpoint: ${method} /api/no-such-endpoint`,
        code: "NOT_FOUND",
      });
    }
  });

  it("refuses a request body over 1 MiB with 413 in the JSON error format", async () => {
    const oversized = JSON.stringify({
      email: "a@example.test",
      password: "x".repeat(JSON_BODY_LIMIT_BYTES),
    });
    const response = await t.request("/api/auth/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: oversized,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: `Request body larger than ${JSON_BODY_LIMIT_BYTES} bytes`,
      code: "PAYLOAD_TOO_LARGE",
    });
    const small = await t.request("/api/auth/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@example.test", password: "x".repeat(1000) }),
    });
    expect(small.status).not.toBe(413);
  });

  it("survives hostile input: oversized, binary and odd requests never get a 5xx", async () => {
    const probes: [string, RequestInit][] = [
      [
        "/api/auth/sign-in",
        { method: "POST", headers: { "content-type": "application/json" }, body: "\u0000\u0001" },
      ],
      [
        "/api/auth/sign-up",
        { method: "POST", headers: { "content-type": "application/json" }, body: "x".repeat(100_000) },
      ],
      [
        "/api/auth/sign-up",
        {
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=zzz" },
          body: "--zzz\r\nbroken",
        },
      ],
      ["/api/auth/sign-in", { method: "POST", headers: { "content-type": "application/json" } }],
      ["/api/auth/user", { headers: { cookie: "session=%%%; other=1" } }],
      ["/api/auth/user", { headers: { cookie: `session=${"a".repeat(32)}` } }],
      ["/api/login?returnTo=%E0%A4%A", {}],
      ["/api/docs/%2e%2e%2fpackage.json", {}],
    ];
    for (const [path, init] of probes) {
      const response = await t.request(path, init);
      expect(response.status, `${init.method ?? "GET"} ${path}`).toBeLessThan(500);
    }
  });
});

describe.each(engines)("text PostgreSQL cannot store on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  // Found by app.fuzz.test.ts: a NUL reached PostgreSQL ("invalid byte sequence for encoding UTF8: 0x00") as a 500.
  it("answers a NUL character in a path, query or body with 400 VALIDATION_ERROR, not a 500", async () => {
    const { cookie } = await signUp(t);
    const json = (body: unknown) => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const probes: [string, RequestInit & { cookie?: string }][] = [
      ["/api/documents?agent=%00", { cookie }],
      ["/api/conversations/%00/messages", { cookie }],
      ["/api/auth/sign-in", json({ email: "a\u0000@example.test", password: "whatever1" })],
      [
        "/api/auth/sign-up",
        json({ firstName: "A\u0000", lastName: "B", email: "nul@example.test", password: "long enough" }),
      ],
    ];
    for (const [path, init] of probes) {
      const response = await t.request(path, init);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({
        error: "Text must not contain NUL characters",
        code: "VALIDATION_ERROR",
      });
    }
  });
});
