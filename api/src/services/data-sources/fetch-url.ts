// Fetches a web page for a URL data source: checked addresses only (also after each redirect), size and time limits.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { AddressPolicy } from "./address-policy";

export type FetchLimits = {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
};

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  maxBytes: 10 * 1024 * 1024,
  timeoutMs: 15_000,
  maxRedirects: 5,
};

export type FetchedPage = {
  /** The URL the content finally came from (after redirects). */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
};

/** The URL (or an address it resolves or redirects to) may not be fetched: answered as 400 URL_NOT_ALLOWED. */
export class UrlNotAllowedError extends Error {
  override name = "UrlNotAllowedError";
}

/** The page could not be fetched (network, status, size, time): answered as 400 with this message. */
export class UrlFetchError extends Error {
  override name = "UrlFetchError";
}

/** Resolves a host name to every address it has (dns.lookup by default; tests inject their own answers). */
export type Resolver = (hostname: string, family: number) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname, family) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, family }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

function familyNumber(family: number | "IPv4" | "IPv6" | undefined): number {
  if (family === "IPv4") return 4;
  if (family === "IPv6") return 6;
  return family ?? 0;
}

/** A DNS lookup that refuses the hostname when any address it resolves to fails the policy. */
function checkedLookup(policy: AddressPolicy, resolver: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname, familyNumber(options.family)).then(
      (addresses) => {
        if (addresses.length === 0) return callback(new UrlFetchError(`${hostname} has no address`), "", 0);
        for (const entry of addresses) {
          const verdict = policy(entry.address);
          if (!verdict.allowed) {
            return callback(new UrlNotAllowedError(`${hostname} resolves to ${verdict.reason}`), "", 0);
          }
        }
        if (options.all)
          return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        const first = addresses[0] as LookupAddress;
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

function checkUrl(raw: string, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlNotAllowedError("Enter a full web address starting with http:// or https://");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UrlNotAllowedError(`Only http and https addresses can be fetched, not ${url.protocol}`);
  }
  if (url.username || url.password)
    throw new UrlNotAllowedError("Addresses with a user name or password are not fetched");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    const verdict = policy(host);
    if (!verdict.allowed) throw new UrlNotAllowedError(verdict.reason);
  } else if (/^localhost$|\.localhost$/i.test(host)) {
    throw new UrlNotAllowedError(`${host} is a loopback address`);
  }
  return url;
}

/** One request without following redirects; the lookup it connects through checks every resolved address. */
function requestOnce(
  url: URL,
  policy: AddressPolicy,
  resolver: Resolver,
  limits: FetchLimits,
  signal: AbortSignal,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      url,
      {
        method: "GET",
        lookup: checkedLookup(policy, resolver),
        // A fresh connection every time: a pooled socket would skip the checked lookup above.
        agent: false,
        signal,
        headers: {
          "user-agent": "AgentControlPanel/1.0 (+knowledge-base URL source)",
          accept:
            "text/html,application/xhtml+xml,text/plain,application/json,application/pdf;q=0.9,*/*;q=0.5",
          "accept-encoding": "identity",
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, headers: response.headers, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(response.headers["content-length"] ?? Number.NaN);
        if (Number.isFinite(declared) && declared > limits.maxBytes) {
          response.destroy();
          reject(
            new UrlFetchError(
              `The page is larger than the ${Math.round(limits.maxBytes / 1024 / 1024)} MB limit`,
            ),
          );
          return;
        }
        const pieces: Buffer[] = [];
        let size = 0;
        response.on("data", (piece: Buffer) => {
          size += piece.length;
          if (size > limits.maxBytes) {
            response.destroy();
            reject(
              new UrlFetchError(
                `The page is larger than the ${Math.round(limits.maxBytes / 1024 / 1024)} MB limit`,
              ),
            );
            return;
          }
          pieces.push(piece);
        });
        response.on("end", () =>
          resolve({ status, headers: response.headers, body: Buffer.concat(pieces, size) }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/**
 * GETs `rawUrl`, following at most `maxRedirects` redirects by hand: every URL is checked (scheme, IP literal) and
 * every hostname resolved here and connected to only when all its addresses pass `policy`, so neither a redirect nor
 * DNS can lead the server to a private, loopback, link-local or metadata address. Non-2xx answers, bodies over
 * `maxBytes` and anything slower than `timeoutMs` in total fail.
 */
export async function fetchUrl(
  rawUrl: string,
  {
    policy,
    limits = DEFAULT_FETCH_LIMITS,
    resolver = systemResolver,
  }: { policy: AddressPolicy; limits?: FetchLimits; resolver?: Resolver },
): Promise<FetchedPage> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = checkUrl(rawUrl, policy);
  for (let hop = 0; ; hop += 1) {
    let answer: Awaited<ReturnType<typeof requestOnce>>;
    try {
      answer = await requestOnce(url, policy, resolver, limits, signal);
    } catch (error) {
      if (error instanceof UrlNotAllowedError || error instanceof UrlFetchError) throw error;
      if (signal.aborted) {
        throw new UrlFetchError(
          `The page did not answer within ${Math.round(limits.timeoutMs / 1000)} seconds`,
        );
      }
      const code = (error as { code?: string }).code;
      throw new UrlFetchError(`Could not fetch ${url.host}: ${code ?? (error as Error).message}`);
    }
    if (answer.status >= 300 && answer.status < 400) {
      const location = answer.headers.location;
      if (!location) throw new UrlFetchError(`${url.host} answered ${answer.status} without a Location`);
      if (hop >= limits.maxRedirects) throw new UrlFetchError(`More than ${limits.maxRedirects} redirects`);
      url = checkUrl(new URL(location, url).href, policy);
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new UrlFetchError(`${url.host} answered HTTP ${answer.status}`);
    }
    return {
      url: url.href,
      status: answer.status,
      contentType: String(answer.headers["content-type"] ?? "application/octet-stream"),
      body: answer.body,
    };
  }
}
