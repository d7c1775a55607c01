// Which network addresses a server-side URL fetch may connect to: public unicast only, unless explicitly allowed.
import ipaddr from "ipaddr.js";

/** Decides whether an IP address may be connected to; returns the reason when it may not. */
export type AddressPolicy = (address: string) => { allowed: true } | { allowed: false; reason: string };

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

/** Known cloud metadata endpoints outside the link-local ranges, refused by name. */
const METADATA_ADDRESSES = new Set(["fd00:ec2::254", "100.100.100.200"]);

/**
 * The production policy: only globally routable unicast addresses. IPv4-mapped IPv6 addresses are judged as the IPv4
 * address they carry. `allowCidrs` (URL_FETCH_ALLOW_CIDRS) opens chosen ranges, e.g. an intranet wiki's network.
 */
export function publicAddressPolicy({
  allowCidrs = [],
}: {
  allowCidrs?: readonly string[];
} = {}): AddressPolicy {
  const allowed = allowCidrs.map((cidr) => ipaddr.parseCIDR(cidr));
  return (address) => {
    if (!ipaddr.isValid(address)) return { allowed: false, reason: `${address} is not an IP address` };
    let ip = ipaddr.parse(address);
    if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress())
      ip = (ip as ipaddr.IPv6).toIPv4Address();
    if (allowed.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits)))
      return { allowed: true };
    const normalized = ip.toString();
    if (METADATA_ADDRESSES.has(normalized)) {
      return { allowed: false, reason: `${normalized} is a cloud metadata address` };
    }
    const range = ip.range();
    if (range === "unicast") return { allowed: true };
    return {
      allowed: false,
      reason: `${normalized} is ${RANGE_NAMES[range] ?? `a non-public address (${range})`}`,
    };
  };
}
