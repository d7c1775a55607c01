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

type FetchedPage = {
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
type Resolver = (hostname: string, family: number) => Promise<LookupAddress[]>;

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

/** A DNS lookup that refuses the hostname when any address it resolves to fails the policy (for `port`). */
function checkedLookup(policy: AddressPolicy, resolver: Resolver, port: number): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname, familyNumber(options.family)).then(
      (addresses) => {
        if (addresses.length === 0) return callback(new UrlFetchError(notFound(hostname)), "", 0);
        for (const entry of addresses) {
          const verdict = policy(entry.address, port);
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

/** The port a URL connects to: its own, or its scheme's default. */
function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

const notFound = (host: string) => `We could not find the site ${host}. Check the address.`;

/**
 * What went wrong with a request, in words for people: never a raw error code (ENOTFOUND, ECONNREFUSED,
 * CERT_HAS_EXPIRED). `host` is the site as the user wrote it (host name and port).
 */
function describeFetchFailure(error: unknown, url: URL): string {
  const host = url.host;
  const code = String((error as { code?: unknown }).code ?? "");
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NODATA" || code === "EAI_NONAME")
    return notFound(url.hostname);
  if (code === "ECONNREFUSED")
    return `${host} refused the connection: no web server answers at this address. Check the address.`;
  if (code === "ECONNRESET" || code === "EPIPE" || code === "ECONNABORTED" || code === "HPE_INVALID_CONSTANT")
    return `${host} closed the connection before sending the page. Try again later.`;
  if (code === "ETIMEDOUT" || code === "ESOCKETTIMEDOUT")
    return `${host} did not answer in time. Try again later.`;
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH" || code === "EHOSTDOWN" || code === "ENETDOWN")
    return `We could not reach ${host} from the server. Check the address, or try again later.`;
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_SSL/i.test(code))
    return `${host} did not present a valid security certificate, so the page was not fetched. Check the address, or use one whose certificate is valid.`;
  if (code.startsWith("HPE_")) return `${host} answered with something that is not a valid web response.`;
  return `We could not fetch the page from ${host}. Check the address, or try again later.`;
}

/** A non-2xx answer, in words (the status code stays for whoever needs it). */
function describeStatus(status: number, url: URL): string {
  if (status === 404 || status === 410)
    return `The page was not found on ${url.host} (HTTP ${status}). Check the address.`;
  if (status === 401 || status === 403)
    return `${url.host} refused to share the page: it needs a sign-in or is private (HTTP ${status}).`;
  if (status === 429) return `${url.host} is limiting requests right now (HTTP 429). Try again later.`;
  if (status >= 500) return `${url.host} had a problem answering (HTTP ${status}). Try again later.`;
  return `${url.host} did not send the page (HTTP ${status}). Check the address.`;
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
    const verdict = policy(host, portOf(url));
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
        lookup: checkedLookup(policy, resolver, portOf(url)),
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
              `The page is larger than the ${Math.round(limits.maxBytes / 1024 / 1024)} MB limit, so it was not fetched.`,
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
                `The page is larger than the ${Math.round(limits.maxBytes / 1024 / 1024)} MB limit, so it was not fetched.`,
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
          `${url.host} did not send the page within ${Math.round(limits.timeoutMs / 1000)} seconds. Try again later.`,
        );
      }
      throw new UrlFetchError(describeFetchFailure(error, url), { cause: error });
    }
    if (answer.status >= 300 && answer.status < 400) {
      const location = answer.headers.location;
      if (!location)
        throw new UrlFetchError(
          `${url.host} sent a redirect without saying where to (HTTP ${answer.status}).`,
        );
      if (hop >= limits.maxRedirects)
        throw new UrlFetchError(
          `The address redirects more than ${limits.maxRedirects} times, so the page was not fetched.`,
        );
      url = checkUrl(new URL(location, url).href, policy);
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new UrlFetchError(describeStatus(answer.status, url));
    }
    return {
      url: url.href,
      status: answer.status,
      contentType: String(answer.headers["content-type"] ?? "application/octet-stream"),
      body: answer.body,
    };
  }
}
