import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureOf } from '../../src/contactMethods/outboundMessages.js';
import { postOutbound } from '../../src/outbound/httpSender.js';
import { hostOf, isGlobalAddress, namesPrivateHost, type Resolve } from '../../src/outbound/networkGuard.js';
import { GLOBAL_ADDRESSES, INTERNAL_URLS, NON_GLOBAL_ADDRESSES } from '../helpers/addressForms.js';

/**
 * Outbound HTTP of webhook, Slack-compatible and ntfy deliveries, without a database: the
 * private-address guard, redirects not followed, a timeout, and the failing answer kept short.
 */
let server: http.Server;
let port = 0;
let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end('ok');
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request = (path: string) => ({ url: `http://127.0.0.1:${port}${path}`, headers: { 'content-type': 'application/json' }, body: '{}' });

describe('outbound HTTP', () => {
  it('reaches global unicast only, judging an IPv6 address that embeds an IPv4 one by that IPv4', () => {
    for (const [address, what] of NON_GLOBAL_ADDRESSES) expect(isGlobalAddress(address), `${address} (${what})`).toBe(false);
    for (const [address, what] of GLOBAL_ADDRESSES) expect(isGlobalAddress(address), `${address} (${what})`).toBe(true);
    for (const url of INTERNAL_URLS) expect(namesPrivateHost(new URL(url)), url).toBe(true);
  });

  it('refuses every non-global form at delivery, as a literal host and as a DNS answer, before connecting', async () => {
    const before = hits.length;
    for (const [address, what] of NON_GLOBAL_ADDRESSES.filter(([a]) => !a.includes('%'))) {
      const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}/literal`;
      // Named as the URL parser spells it (::ffff:127.0.0.1 is ::ffff:7f00:1).
      await expect(postOutbound({ ...request('/literal'), url }, { allowPrivateNetworks: false }), `${address} (${what})`).rejects.toThrow(
        `${hostOf(new URL(url))} resolves to a private or loopback address`,
      );
      // The name resolves to it (answered here, as a rebinding DNS server would).
      const resolve: Resolve = (_name, _options, callback) => callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
      await expect(
        postOutbound({ ...request('/named'), url: `http://hooks.example.test:${port}/named` }, { allowPrivateNetworks: false, resolve }),
        `${address} (${what})`,
      ).rejects.toThrow('hooks.example.test resolves to a private or loopback address, which contact methods may not reach');
    }
    // One bad address among good ones is enough: the socket could take any of them.
    const mixed: Resolve = (_name, _options, callback) =>
      callback(null, [
        { address: '93.184.216.34', family: 4 },
        { address: '64:ff9b::a9fe:a9fe', family: 6 },
      ]);
    await expect(
      postOutbound(
        { ...request('/mixed'), url: `http://hooks.example.test:${port}/mixed` },
        { allowPrivateNetworks: false, resolve: mixed },
      ),
    ).rejects.toThrow('hooks.example.test resolves to a private or loopback address');
    expect(hits.length).toBe(before);
  });

  it('refuses a private address unless allowed, before connecting', async () => {
    const before = hits.length;
    await expect(postOutbound(request('/blocked'), { allowPrivateNetworks: false })).rejects.toThrow(
      '127.0.0.1 resolves to a private or loopback address, which contact methods may not reach',
    );
    // A name that resolves to loopback is refused the same way, at the lookup the socket uses.
    await expect(
      postOutbound({ ...request('/blocked'), url: `http://localhost:${port}/blocked` }, { allowPrivateNetworks: false }),
    ).rejects.toThrow('localhost resolves to a private or loopback address');
    expect(hits.length).toBe(before);
    await expect(postOutbound(request('/allowed'), { allowPrivateNetworks: true })).resolves.toBeUndefined();
  });

  it('does not follow a redirect, and keeps only a short error text', async () => {
    answer = (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    await expect(postOutbound(request('/moved'), { allowPrivateNetworks: true })).rejects.toThrow(
      `HTTP 302 (redirects are not followed) from 127.0.0.1:${port}`,
    );
    answer = (_req, res) => res.writeHead(503).end('x'.repeat(10_000));
    const error = await postOutbound(request('/long'), { allowPrivateNetworks: true }).catch((e: Error) => e);
    expect((error as Error).message.length).toBeLessThan(200);
    answer = () => undefined;
    await expect(postOutbound(request('/slow'), { allowPrivateNetworks: true, timeoutMs: 300 })).rejects.toThrow(
      `no answer from 127.0.0.1:${port} within 0.3 s`,
    );
  });

  it('signs "t.body" with HMAC-SHA256, as docs/oncall/contact-methods.md shows', () => {
    expect(signatureOf('whsec_test', '{"a":1}', new Date(1_700_000_000_000))).toBe(
      't=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789',
    );
  });
});
