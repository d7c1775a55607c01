// Client addresses for rate limits: socket peer, X-Forwarded-For only behind trusted proxies, IPv6 grouped by /64.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { Deps } from "../deps";
import type { AppEnv } from "../lib/app-env";
import { socketBindings, testConfig } from "../test/test-app";
import { clientIp, clientIpKey, normalizeIp, UNKNOWN_CLIENT } from "./client-ip";

/** A bare app answering with clientIp(c), with TRUST_PROXY set to `hops`. */
function ipApp(hops: number) {
  const config = testConfig({ trustProxyHops: hops });
  // clientIp reads only deps.config.
  const deps = { config } as Deps;
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set("deps", deps);
      await next();
    })
    .get("/", (c) => c.text(clientIp(c)));
}

const ask = async (app: ReturnType<typeof ipApp>, socket?: string, forwardedFor?: string) => {
  const headers = forwardedFor === undefined ? undefined : { "x-forwarded-for": forwardedFor };
  const response = await app.request("/", { headers }, socket ? socketBindings(socket) : undefined);
  return response.text();
};

describe("clientIp", () => {
  it("is the socket's peer, and X-Forwarded-For is ignored without TRUST_PROXY", async () => {
    const app = ipApp(0);
    expect(await ask(app, "203.0.113.9")).toBe("203.0.113.9");
    expect(await ask(app, "203.0.113.9", "198.51.100.1")).toBe("203.0.113.9");
    expect(await ask(app, "::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("is one shared 'unknown' client when there is no socket", async () => {
    expect(await ask(ipApp(0))).toBe(UNKNOWN_CLIENT);
  });

  it("takes the entry the trusted proxies appended, never one the client wrote", async () => {
    const oneProxy = ipApp(1);
    expect(await ask(oneProxy, "10.0.0.2", "198.51.100.1")).toBe("198.51.100.1");
    expect(await ask(oneProxy, "10.0.0.2", "6.6.6.6, 198.51.100.1")).toBe("198.51.100.1");
    expect(await ask(oneProxy, "10.0.0.2", "198.51.100.1:4711")).toBe("198.51.100.1");
    expect(await ask(oneProxy, "10.0.0.2", "[2001:db8::1]:4711")).toBe("2001:db8::1");
    const twoProxies = ipApp(2);
    expect(await ask(twoProxies, "10.0.0.3", "6.6.6.6, 198.51.100.1, 10.0.0.2")).toBe("198.51.100.1");
    expect(await ask(twoProxies, "10.0.0.3", "198.51.100.1")).toBe("198.51.100.1");
  });

  it("falls back to the socket when the header is missing or not an address", async () => {
    const app = ipApp(1);
    expect(await ask(app, "10.0.0.2")).toBe("10.0.0.2");
    expect(await ask(app, "10.0.0.2", "")).toBe("10.0.0.2");
    expect(await ask(app, "10.0.0.2", "evil, <script>")).toBe("10.0.0.2");
  });
});

describe("normalizeIp and clientIpKey", () => {
  it("accepts only addresses", () => {
    expect(normalizeIp(" 192.0.2.1 ")).toBe("192.0.2.1");
    expect(normalizeIp("FE80::1%eth0")).toBe("fe80::1");
    expect(normalizeIp("unknown")).toBeUndefined();
    expect(normalizeIp("999.1.1.1")).toBeUndefined();
    expect(normalizeIp(undefined)).toBeUndefined();
  });

  it("keys IPv4 by address and IPv6 by its /64", () => {
    expect(clientIpKey("192.0.2.1")).toBe("192.0.2.1");
    expect(clientIpKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientIpKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientIpKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientIpKey("::1")).toBe("0:0:0:0::/64");
    expect(clientIpKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });
});
