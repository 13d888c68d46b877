/**
 * The address forms the SSRF guard judges (api/src/outbound/networkGuard.ts), shared by
 * its unit tests (classification, literal URLs and DNS answers at delivery) and the API's
 * (literal URLs at creation).
 */

/** Addresses a contact method may not reach, each with what it is. */
export const NON_GLOBAL_ADDRESSES: [string, string][] = [
  ['127.0.0.1', 'IPv4 loopback'],
  ['10.0.0.5', 'RFC 1918'],
  ['172.16.3.4', 'RFC 1918'],
  ['192.168.1.1', 'RFC 1918'],
  ['169.254.169.254', 'link-local: the cloud metadata service'],
  ['100.64.0.1', 'CGNAT'],
  ['0.0.0.0', 'this network'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.1', 'documentation'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['198.18.0.1', 'benchmarking'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::1', 'IPv6 loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['fd00::1', 'unique-local'],
  ['fec0::1', 'site-local (deprecated)'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['100::1', 'discard-only'],
  ['2001:2::1', 'benchmarking'],
  ['4000::1', 'outside 2000::/3'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata service, in hex'],
  ['::7f00:1', 'IPv4-compatible loopback (::/96)'],
  ['::a00:1', 'IPv4-compatible RFC 1918'],
  ['::ffff:0:a00:1', 'IPv4-translated RFC 1918 (::ffff:0:0:0/96)'],
  ['64:ff9b::a00:1', 'NAT64 well-known prefix, RFC 1918'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 well-known prefix, metadata service'],
  ['64:ff9b:1::a00:1', 'NAT64 local-use, RFC 1918 at /96'],
  ['64:ff9b:1:a00:0:100::', 'NAT64 local-use, RFC 1918 at /48'],
  ['2002:a00:1::1', '6to4 of RFC 1918'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:c058:6301::1', '6to4 of the relay anycast'],
  ['2001:0:a00:1::f7f7:f7f7', 'Teredo with an RFC 1918 server'],
  ['2001:0:4136:e378::80ff:fffe', 'Teredo with a loopback client'],
];

/** Global unicast addresses, embedded forms among them: reachable. */
export const GLOBAL_ADDRESSES: [string, string][] = [
  ['93.184.216.34', 'IPv4'],
  ['1.1.1.1', 'IPv4'],
  ['2606:4700:4700::1111', 'IPv6'],
  ['::ffff:8.8.8.8', 'IPv4-mapped global'],
  ['64:ff9b::808:808', 'NAT64 well-known prefix, global'],
  ['64:ff9b:1:808:8:808:808:808', 'NAT64 local-use, global at every length'],
  ['2002:808:808::1', '6to4 of a global IPv4'],
  ['2001:0:4136:e378::f7f7:f7f7', 'Teredo, global server and client'],
];

/** URLs that name an internal host outright, many spelled as a lenient parser reads them. */
export const INTERNAL_URLS = [
  'http://127.0.0.1:9/hook',
  'http://localhost/hook',
  'http://LOCALHOST./hook',
  'http://api.localhost/hook',
  'http://2130706433/',
  'http://0x7f.1/',
  'http://0177.0.0.1/',
  'http://127.1/',
  'http://%31%32%37.0.0.1/',
  'http://[::1]/x',
  'http://[0:0:0:0:0:0:0:1]/x',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://169.254.169.254/latest',
  'http://[::ffff:169.254.169.254]/latest',
  'http://10.1.2.3/',
  'http://0.0.0.0/',
  // Every non-global address as a URL's host (a zone cannot be in a URL).
  ...NON_GLOBAL_ADDRESSES.filter(([a]) => !a.includes('%')).map(([a]) => `http://${a.includes(':') ? `[${a}]` : a}/`),
];
