// The URL data source's fetcher and address policy: private, loopback, link-local, metadata refused, also after redirects.

import type { LookupAddress } from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicAddressPolicy } from "./address-policy";
import { fetchUrl, UrlFetchError, UrlNotAllowedError } from "./fetch-url";

describe("publicAddressPolicy", () => {
  const policy = publicAddressPolicy();
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["::1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "metadata"],
    ["169.254.1.1", "link-local"],
    ["fe80::1", "link-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.100.100.200", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["fc00::1", "unique local"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["198.18.0.1", "reserved"],
    // IPv4-compatible IPv6 (what http://[::127.0.0.1]/ and http://[::169.254.169.254]/ parse to).
    ["::7f00:1", "IPv4-compatible"],
    ["::127.0.0.1", "IPv4-compatible"],
    ["::a9fe:a9fe", "IPv4-compatible"],
    ["::808:808", "IPv4-compatible"],
    // IPv4-translated, NAT64 and 6to4 forms carrying a private, loopback or metadata address.
    ["::ffff:0:a00:1", "private"],
    ["64:ff9b::7f00:1", "loopback"],
    ["64:ff9b::a9fe:a9fe", "metadata"],
    ["64:ff9b::a00:1", "private"],
    ["2002:a00:1::1", "6to4"],
    ["2002:7f00:1::", "6to4"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    // Cloud metadata and host-agent addresses.
    ["168.63.129.16", "metadata"],
    ["192.0.0.192", "metadata"],
    ["169.254.170.2", "metadata"],
    ["fd20:ce::254", "metadata"],
    ["::ffff:168.63.129.16", "metadata"],
  ])("refuses %s (%s)", (address, kind) => {
    const verdict = policy(address);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) expect(verdict.reason.toLowerCase()).toContain(kind.split(" ")[0]?.toLowerCase());
  });

  it.each(["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "allows public %s",
    (address) => {
      expect(policy(address)).toEqual({ allowed: true });
    },
  );

  it("allows the NAT64 and translated forms of a public address (DNS64 networks answer with them)", () => {
    expect(policy("64:ff9b::808:808")).toEqual({ allowed: true });
    expect(policy("::ffff:0:808:808")).toEqual({ allowed: true });
  });

  it("fetches public addresses on ports 80 and 443 only; opened ranges on any port", () => {
    expect(policy("8.8.8.8", 80)).toEqual({ allowed: true });
    expect(policy("8.8.8.8", 443)).toEqual({ allowed: true });
    for (const port of [22, 25, 6379, 8080]) {
      const verdict = policy("8.8.8.8", port);
      expect(verdict).toMatchObject({ allowed: false, reason: expect.stringContaining(`port ${port}`) });
    }
    expect(policy("::ffff:8.8.8.8", 8080).allowed).toBe(false);
    // A non-public address is refused for what it is, whatever the port.
    expect(policy("10.0.0.1", 80)).toMatchObject({ reason: expect.stringContaining("private") });
    const intranet = publicAddressPolicy({ allowCidrs: ["10.20.0.0/16"] });
    expect(intranet("10.20.3.4", 8080)).toEqual({ allowed: true });
  });

  it("never opens a metadata address, even inside an allowed range", () => {
    const wide = publicAddressPolicy({ allowCidrs: ["100.64.0.0/10", "169.254.0.0/16", "168.63.0.0/16"] });
    expect(wide("100.100.100.200").allowed).toBe(false);
    expect(wide("169.254.169.254").allowed).toBe(false);
    expect(wide("168.63.129.16").allowed).toBe(false);
    expect(wide("100.64.1.1")).toEqual({ allowed: true });
  });

  it("opens only the configured ranges", () => {
    const intranet = publicAddressPolicy({ allowCidrs: ["10.20.0.0/16"] });
    expect(intranet("10.20.3.4")).toEqual({ allowed: true });
    expect(intranet("10.21.3.4").allowed).toBe(false);
    expect(intranet("127.0.0.1").allowed).toBe(false);
  });
});

describe("fetchUrl", () => {
  let server: http.Server;
  let base: string;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits.push(request.url ?? "");
      const url = new URL(request.url ?? "/", "http://x");
      if (url.pathname === "/page") {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end("<html><head><title>T</title></head><body><p>Hello from the page</p></body></html>");
      } else if (url.pathname === "/redirect") {
        response.writeHead(302, { location: url.searchParams.get("to") ?? "/page" });
        response.end();
      } else if (url.pathname === "/loop") {
        response.writeHead(302, { location: "/loop" });
        response.end();
      } else if (url.pathname === "/big") {
        response.writeHead(200, { "content-type": "text/plain" });
        const piece = Buffer.alloc(64 * 1024, 97);
        for (let i = 0; i < 40; i++) response.write(piece);
        response.end();
      } else if (url.pathname === "/slow") {
        response.writeHead(200, { "content-type": "text/plain" });
        response.write("a");
        setTimeout(() => response.end("b"), 3_000);
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The test server is itself on loopback: this policy opens 127.0.0.1 only, nothing else. */
  const testPolicy = publicAddressPolicy({ allowCidrs: ["127.0.0.1/32"] });

  it("the real policy refuses the loopback server, by IP literal and by name, without connecting", async () => {
    const before = hits.length;
    await expect(fetchUrl(`${base}/page`, { policy: publicAddressPolicy() })).rejects.toThrow(
      UrlNotAllowedError,
    );
    await expect(
      fetchUrl(`http://localhost:${port}/page`, { policy: publicAddressPolicy() }),
    ).rejects.toThrow(UrlNotAllowedError);
    await expect(fetchUrl(`http://[::1]:${port}/page`, { policy: publicAddressPolicy() })).rejects.toThrow(
      UrlNotAllowedError,
    );
    expect(hits.length).toBe(before);
  });

  it("checks every address a host name resolves to and connects only to a checked one", async () => {
    const answers: Record<string, LookupAddress[]> = {
      "intranet.example": [{ address: "10.0.0.5", family: 4 }],
      "rebind.example": [
        { address: "127.0.0.1", family: 4 },
        { address: "169.254.169.254", family: 4 },
      ],
      "ok.example": [{ address: "127.0.0.1", family: 4 }],
    };
    const resolver = async (hostname: string) => answers[hostname] ?? [];
    const before = hits.length;
    await expect(
      fetchUrl(`http://intranet.example:${port}/page`, { policy: testPolicy, resolver }),
    ).rejects.toThrow(/intranet\.example resolves to 10\.0\.0\.5 is a private address/);
    await expect(
      fetchUrl(`http://rebind.example:${port}/page`, { policy: testPolicy, resolver }),
    ).rejects.toThrow(UrlNotAllowedError);
    expect(hits.length).toBe(before);
    // The checked answer is the address connected to: the name reaches the test server only through it.
    const page = await fetchUrl(`http://ok.example:${port}/page`, { policy: testPolicy, resolver });
    expect(page.body.toString()).toContain("Hello from the page");
    // And the real policy refuses the same name's loopback answer.
    await expect(
      fetchUrl(`http://ok.example:${port}/page`, { policy: publicAddressPolicy(), resolver }),
    ).rejects.toThrow(/ok\.example resolves to 127\.0\.0\.1 is a loopback address/);
  });

  it("fetches an allowed page", async () => {
    const page = await fetchUrl(`${base}/page`, { policy: testPolicy });
    expect(page.status).toBe(200);
    expect(page.contentType).toMatch(/text\/html/);
    expect(page.body.toString()).toContain("Hello from the page");
  });

  it.each([
    ["another loopback address", "http://127.0.0.2/x"],
    ["a private address", "http://10.0.0.1/x"],
    ["the metadata address", "http://169.254.169.254/latest/meta-data/"],
    ["IPv6 loopback", "http://[::1]/x"],
    ["localhost by name", "http://localhost/x"],
    ["IPv4-compatible loopback", "http://[::127.0.0.1]/x"],
    ["IPv4-compatible metadata", "http://[::169.254.169.254]/latest/meta-data/"],
    ["a non-http scheme", "file:///etc/passwd"],
  ])("refuses a redirect from an allowed server to %s", async (_label, target) => {
    const before = hits.length;
    await expect(
      fetchUrl(`${base}/redirect?to=${encodeURIComponent(target)}`, { policy: testPolicy }),
    ).rejects.toThrow(UrlNotAllowedError);
    expect(hits.length).toBe(before + 1);
  });

  it("follows allowed redirects, at most 5", async () => {
    const page = await fetchUrl(`${base}/redirect?to=/page`, { policy: testPolicy });
    expect(page.url).toBe(`${base}/page`);
    await expect(fetchUrl(`${base}/loop`, { policy: testPolicy })).rejects.toThrow(
      /redirects more than 5 times/,
    );
  });

  it("enforces the size and time limits", async () => {
    await expect(
      fetchUrl(`${base}/big`, {
        policy: testPolicy,
        limits: { maxBytes: 1024 * 1024, timeoutMs: 5_000, maxRedirects: 5 },
      }),
    ).rejects.toThrow(/larger than the 1 MB limit/);
    await expect(
      fetchUrl(`${base}/slow`, {
        policy: testPolicy,
        limits: { maxBytes: 1024, timeoutMs: 500, maxRedirects: 5 },
      }),
    ).rejects.toThrow(UrlFetchError);
  });

  it("reports an error status in words", async () => {
    await expect(fetchUrl(`${base}/missing`, { policy: testPolicy })).rejects.toThrow(
      `The page was not found on 127.0.0.1:${port} (HTTP 404). Check the address.`,
    );
  });

  it("refuses a public host name on a port other than 80 and 443 without connecting", async () => {
    const resolver = async () => [{ address: "93.184.215.14", family: 4 }];
    await expect(
      fetchUrl("http://example.com:6379/", { policy: publicAddressPolicy(), resolver }),
    ).rejects.toThrow(/port 6379 is not a web port/);
  });

  it("says why a site could not be reached in words, never a raw error code", async () => {
    const notFound = Object.assign(new Error("getaddrinfo ENOTFOUND example.invalid"), { code: "ENOTFOUND" });
    const failing = (error: Error) => async () => {
      throw error;
    };
    const attempt = (url: string, resolver: () => Promise<LookupAddress[]>) =>
      fetchUrl(url, { policy: testPolicy, resolver }).then(
        () => "",
        (error: Error) => error.message,
      );
    expect(await attempt("http://example.invalid/", failing(notFound))).toBe(
      "We could not find the site example.invalid. Check the address.",
    );
    expect(await attempt("http://example.invalid/", async () => [])).toBe(
      "We could not find the site example.invalid. Check the address.",
    );
    // A port nobody listens on: a real ECONNREFUSED from the loopback interface.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await attempt(`http://127.0.0.1:${closedPort}/`, async () => []);
    expect(refused).toBe(
      `127.0.0.1:${closedPort} refused the connection: no web server answers at this address. Check the address.`,
    );
    for (const message of [refused]) expect(message).not.toMatch(/E[A-Z]{4,}/);
  });
});
