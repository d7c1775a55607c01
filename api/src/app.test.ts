// App-wide behaviour: security headers, JSON 404s, and no request that crashes the process.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/test-app";

describe("app-wide behaviour", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sends security headers, with a CSP that keeps scripts to our origin", async () => {
    const response = await t.request("/api/health");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    // Plain-http deployments must not pin browsers to https.
    expect(response.headers.get("strict-transport-security")).toBeNull();
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
