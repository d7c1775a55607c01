// Who is calling, for rate limits: the socket's peer address, or X-Forwarded-For only behind a trusted proxy.
import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "../lib/app-env";

/** The shared bucket for requests without a socket (app.request() in tests, another runtime): limited together. */
export const UNKNOWN_CLIENT = "unknown";

/** An address as it appears in a socket or a header: brackets, ports and zones dropped, IPv4-mapped IPv6 unwrapped. */
export function normalizeIp(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let ip = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed?.[1]) ip = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(":"));
  ip = ip.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) ip = mapped[1];
  return isIP(ip) ? ip.toLowerCase() : undefined;
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // No Node socket behind this request (c.env is not node-server's bindings).
    return undefined;
  }
}

/**
 * The client's IP address. With `trustProxyHops` = n > 0, the n-th X-Forwarded-For entry from the right: entries
 * to its left were written by whoever sent the request and prove nothing. Falls back to the socket's peer.
 */
export function clientIp<E extends AppEnv>(c: Context<E>): string {
  const hops = c.var.deps.config.trustProxyHops;
  if (hops > 0) {
    const entries = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    // Fewer entries than proxies: the request skipped some of them, the leftmost is the best we have.
    const forwarded = normalizeIp(entries[entries.length - hops] ?? entries[0]);
    if (forwarded) return forwarded;
  }
  return normalizeIp(socketAddress(c)) ?? UNKNOWN_CLIENT;
}

/** The 16 bits of each of the first four groups of an IPv6 address (its /64 network). */
function ipv6Network(ip: string): string {
  const [head = "", tail] = ip.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes(".") ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array(8 - width(headGroups) - width(tailGroups)).fill("0");
  return [...headGroups, ...zeros, ...tailGroups]
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":");
}

/**
 * The rate-limit subject for an address: IPv4 as is, IPv6 by its /64, since one subscriber usually gets a whole
 * /64 and could otherwise rotate through 2^64 addresses.
 */
export function clientIpKey(ip: string): string {
  return isIP(ip) === 6 ? `${ipv6Network(ip)}::/64` : ip;
}
