// Which network addresses (and ports) a server-side URL fetch may connect to: public unicast web ports only, unless allowed.
import ipaddr from "ipaddr.js";

/**
 * Decides whether an IP address (and, when given, a port on it) may be connected to; returns the reason when it may
 * not.
 */
export type AddressPolicy = (
  address: string,
  port?: number,
) => { allowed: true } | { allowed: false; reason: string };

/**
 * Ports fetched on public addresses. A web page worth adding to an agent's knowledge is served on the web's ports;
 * any other port on a public address (the server's own public address included) reaches mail, database or admin
 * services, which a URL source must not be able to probe or talk to. Ranges opened by URL_FETCH_ALLOW_CIDRS (an
 * intranet wiki on :8080) are fetched on any port.
 */
const WEB_PORTS: readonly number[] = [80, 443];

const RANGE_NAMES: Record<string, string> = {
  private: "a private address",
  loopback: "a loopback address",
  linkLocal: "a link-local address (cloud metadata services live there)",
  carrierGradeNat: "a carrier-grade NAT address",
  multicast: "a multicast address",
  unspecified: "an unspecified address",
  broadcast: "a broadcast address",
  reserved: "a reserved address",
  uniqueLocal: "a private (unique local) address",
  deprecatedSiteLocal: "a site-local address",
  benchmarking: "a benchmarking address",
  discard: "a discard-only address",
  as112: "an AS112 address",
  as112v6: "an AS112 address",
  amt: "an AMT address",
  orchid2: "an ORCHID address",
  teredo: "a Teredo tunnel address",
  "6to4": "a 6to4 tunnel address",
  rfc6052: "a NAT64 address",
  rfc6145: "an IPv4-translated address",
  droneRemoteIdProtocolEntityTags: "a reserved address",
};

/**
 * Cloud metadata and host-agent endpoints, refused by address even inside a range URL_FETCH_ALLOW_CIDRS opens (most
 * already sit in refused ranges; 168.63.129.16 is in public address space): AWS (169.254.169.254, IPv6
 * fd00:ec2::254, ECS task metadata 169.254.170.2), Azure (IMDS 169.254.169.254, wire server 168.63.129.16), Google
 * Cloud (169.254.169.254, IPv6 fd20:ce::254), Alibaba (100.100.100.200), Oracle (192.0.0.192), Tencent
 * (169.254.0.23), and the other clouds that use 169.254.169.254.
 */
const METADATA_ADDRESSES: ReadonlySet<string> = new Set([
  "169.254.169.254",
  "169.254.170.2",
  "169.254.0.23",
  "168.63.129.16",
  "100.100.100.200",
  "192.0.0.192",
  "fd00:ec2::254",
  "fd20:ce::254",
]);

type Embedded = { form: string; ipv4: ipaddr.IPv4 };

/**
 * The IPv4 address an IPv6 address carries, in the forms a connection can reach it through: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated but still routed to
 * the IPv4 host by some stacks), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
 */
function embeddedIpv4(ip: ipaddr.IPv6): Embedded | null {
  const b = ip.toByteArray();
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const at = (i: number) => new ipaddr.IPv4(b.slice(i, i + 4));
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return { form: "IPv4-mapped", ipv4: at(12) };
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && zero(10, 12))
    return { form: "IPv4-translated", ipv4: at(12) };
  // :: and ::1 are the unspecified and loopback addresses, judged as such.
  if (zero(0, 12) && !zero(12, 15)) return { form: "IPv4-compatible", ipv4: at(12) };
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12))
    return { form: "NAT64", ipv4: at(12) };
  if (b[0] === 0x20 && b[1] === 0x02) return { form: "6to4", ipv4: at(2) };
  return null;
}

/**
 * An IPv6 address written with a dotted IPv4 tail, in hex ("::127.0.0.1" -> "::7f00:1"): ipaddr.js reads "::a.b.c.d"
 * as IPv4-mapped, while a socket connects to the IPv4-compatible address it is.
 */
function dottedTailToHex(address: string): string {
  const match = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (!match) return address;
  const [a, b, c, d] = match.slice(2).map(Number) as [number, number, number, number];
  if ([a, b, c, d].some((n) => n > 255)) return address;
  return `${match[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/** Whether `ip` is in one of `ranges` of its own kind. */
function inRanges(ip: ipaddr.IPv4 | ipaddr.IPv6, ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][]): boolean {
  return ranges.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits));
}

/**
 * The production policy: only globally routable unicast addresses, on ports 80 and 443. An IPv6 address carrying an
 * IPv4 address is judged by what it carries (a mapped, translated or NAT64 form of a public address is fetched); the
 * deprecated IPv4-compatible form and the 6to4 and Teredo tunnels are refused whatever they carry. Metadata addresses
 * are always refused. `allowCidrs` (URL_FETCH_ALLOW_CIDRS) opens chosen ranges on any port, e.g. an intranet wiki's.
 */
export function publicAddressPolicy({
  allowCidrs = [],
}: {
  allowCidrs?: readonly string[];
} = {}): AddressPolicy {
  const allowed = allowCidrs.map((cidr) => ipaddr.parseCIDR(cidr));
  const judge: AddressPolicy = (address, port) => {
    if (!ipaddr.isValid(address)) return { allowed: false, reason: `${address} is not an IP address` };
    const ip = ipaddr.parse(dottedTailToHex(address));
    const normalized = ip.toString();
    if (METADATA_ADDRESSES.has(normalized)) {
      return { allowed: false, reason: `${normalized} is a cloud metadata address` };
    }
    if (ip.kind() === "ipv6") {
      const embedded = embeddedIpv4(ip as ipaddr.IPv6);
      if (embedded) {
        const carried = embedded.ipv4.toString();
        if (embedded.form === "IPv4-compatible" || embedded.form === "6to4") {
          return {
            allowed: false,
            reason: `${normalized} is ${embedded.form === "6to4" ? "a 6to4 tunnel address" : "an IPv4-compatible IPv6 address"} (it carries ${carried})`,
          };
        }
        const verdict = judge(carried, port);
        if (!verdict.allowed) {
          const what = verdict.reason.replace(`${carried} is `, `${carried}, `);
          return { allowed: false, reason: `${normalized} is the ${embedded.form} form of ${what}` };
        }
        return verdict;
      }
    }
    if (inRanges(ip, allowed)) return { allowed: true };
    const range = ip.range();
    if (range !== "unicast") {
      return {
        allowed: false,
        reason: `${normalized} is ${RANGE_NAMES[range] ?? `a non-public address (${range})`}`,
      };
    }
    if (port !== undefined && !WEB_PORTS.includes(port)) {
      return {
        allowed: false,
        reason: `port ${port} is not a web port: only ports 80 and 443 are fetched on public addresses`,
      };
    }
    return { allowed: true };
  };
  return judge;
}
