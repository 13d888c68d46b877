import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses a user's URL may reach unless CONTACT_METHODS_ALLOW_PRIVATE_NETWORKS is on:
 * global unicast only (docs/api/security.md). An address in any special-purpose range that
 * ipaddr.js knows (private, loopback, link-local, CGNAT, unique-local, site-local, multicast,
 * documentation, benchmarking, reserved, 6to4 relays, …) is refused: it could be the API's own
 * host or network (SSRF) or the cloud metadata service. An IPv6 address that embeds an IPv4 one
 * is judged by that IPv4, since it reaches it (a translator, a tunnel, or the dual stack itself).
 */
export function isGlobalAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') return isGlobalIPv4(ip as ipaddr.IPv4);
  const v6 = ip as ipaddr.IPv6;
  const embedded = embeddedIPv4s(v6);
  if (embedded) return embedded.every(isGlobalIPv4);
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

/** 2000::/3, where IANA allocates global unicast; the rest of the space is reserved. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
/** RFC 8215's local-use NAT64 prefix, which a network may subdivide at any RFC 6052 length. */
const LOCAL_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');

const isGlobalIPv4 = (ip: ipaddr.IPv4) => ip.range() === 'unicast';

/** The IPv4 at RFC 6052's place for a prefix of `bits`: 32 bits after it, skipping bits 64 to 71. */
function rfc6052IPv4(bytes: number[], bits: 48 | 56 | 64 | 96): ipaddr.IPv4 {
  const octets: number[] = [];
  for (let i = bits / 8; octets.length < 4; i++) if (i !== 8) octets.push(bytes[i] as number);
  return new ipaddr.IPv4(octets);
}

/**
 * The IPv4 addresses an IPv6 one carries, or null when it carries none: IPv4-mapped
 * (::ffff:0:0/96), IPv4-compatible (::/96), IPv4-translated (::ffff:0:0:0/96), NAT64's
 * well-known prefix (64:ff9b::/96) and local-use prefix (64:ff9b:1::/48, at each length a
 * network may use: all must be global), 6to4 (2002::/16: its site's IPv4) and Teredo
 * (2001::/32: the server's IPv4 and the client's, obfuscated).
 */
function embeddedIPv4s(ip: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const bytes = ip.toByteArray();
  const last = () => new ipaddr.IPv4(bytes.slice(12, 16));
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return [last()];
  if (zeros(0, 12)) return [last()];
  if (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12)) return [last()];
  if (ip.match(LOCAL_NAT64)) return ([48, 56, 64, 96] as const).map((bits) => rfc6052IPv4(bytes, bits));
  switch (ip.range()) {
    case 'rfc6052':
      return [last()];
    case '6to4':
      return [new ipaddr.IPv4(bytes.slice(2, 6))];
    case 'teredo':
      return [new ipaddr.IPv4(bytes.slice(4, 8)), new ipaddr.IPv4(bytes.slice(12, 16).map((b) => b ^ 0xff))];
    default:
      return null;
  }
}

export class BlockedAddress extends Error {
  constructor(host: string) {
    super(`${host} resolves to a private or loopback address, which contact methods may not reach`);
  }
}

/** A URL's host without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Whether a URL names a non-global address or localhost outright (the only check possible
 * without DNS). The URL parser has already turned encoded IPv4 forms (`2130706433`, `0x7f.1`,
 * `0177.0.0.1`) and IPv6 spellings into one canonical address.
 */
export function namesPrivateHost(url: URL): boolean {
  const host = hostOf(url).toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && !isGlobalAddress(host);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
/** node:dns's `lookup` with `all: true`, or a stand-in (tests answer with the addresses they need). */
export type Resolve = (
  hostname: string,
  options: { all: true; family?: number },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for http.request that refuses a host resolving to any non-global address:
 * checked on the addresses the socket will connect to, so a name that resolves differently
 * between a check and the connection (DNS rebinding) gains nothing.
 */
export function guardedLookup(resolve: Resolve = dnsLookup as Resolve) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (err, list) => {
      if (err) return callback(err, []);
      if (list.length === 0 || list.some((a) => !isGlobalAddress(a.address))) {
        return callback(Object.assign(new BlockedAddress(hostname), { code: 'EBLOCKED' }), []);
      }
      if (options.all) return callback(null, list);
      const first = list[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}
