// One structured log line per request: id, method, path, status, duration and user id, and never a secret or a body.
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, newAccount, type TestApp } from "../test/test-app";

describe("request logs", () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    t = await createTestApp("pglite", { overrides: { logger: pino({ level: "info" }, sink) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("logs each request with its id and caller, without query strings, cookies, keys or bodies", async () => {
    const account = newAccount();
    const signUp = await t.request("/api/auth/sign-up?returnTo=%2Fsecret-path", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(account),
    });
    const cookie = signUp.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    const me = await t.request("/api/auth/user", { cookie, headers: { "x-request-id": "proxy-id-123" } });
    expect(me.headers.get("x-request-id")).toBe("proxy-id-123");
    await t.request("/api/auth/user", { headers: { authorization: "Bearer acp_not_a_key_but_secret" } });

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const meEntry = entries.find((entry) => entry.reqId === "proxy-id-123");
    expect(meEntry).toMatchObject({
      msg: "request",
      method: "GET",
      path: "/api/auth/user",
      status: 200,
      userId: ((await me.json()) as { id: string }).id,
    });
    expect(typeof meEntry?.durationMs).toBe("number");
    expect(entries.find((entry) => entry.path === "/api/auth/sign-up")).toMatchObject({ status: 201 });

    const everything = lines.join("\n");
    for (const secret of [
      account.password,
      cookie.split("=")[1] ?? "?",
      "acp_not_a_key_but_secret",
      "secret-path",
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});
