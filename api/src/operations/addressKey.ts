import { isIPv4, isIPv6 } from 'node:net';

/** An IPv6 address's groups, `::` filled with zeros and an IPv4 tail taken as two groups. */
function ipv6Groups(address: string): string[] {
  const parts = (text: string) => {
    if (!text) return [];
    const groups = text.split(':');
    const last = groups.at(-1)!;
    if (!isIPv4(last)) return groups;
    const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
    return [...groups.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  };
  const [head, tail] = address.split('::') as [string, string | undefined];
  if (tail === undefined) return parts(head);
  const before = parts(head);
  const after = parts(tail);
  return [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
}

/**
 * What a per-address limit of ours counts under: an IPv4 address as it is; an IPv6 one by its
 * /64, the block one subscriber is usually given (so a client cannot take a fresh budget from
 * each of its 2^64 addresses), as @fastify/rate-limit counts the route limits; an IPv4-mapped
 * IPv6 address as its IPv4 address.
 */
export function addressKey(ip: string): string {
  const address = ip.toLowerCase().replace(/%.*$/, '');
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address).map((g) => Number.parseInt(g, 16));
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
