import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postOutbound } from '../src/contactMethods/httpSender.js';
import { isPrivateAddress } from '../src/contactMethods/networkGuard.js';
import { signatureOf } from '../src/contactMethods/outboundMessages.js';

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
  it('classifies private, loopback, link-local and mapped addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
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

  it('signs "t.body" with HMAC-SHA256, as docs/oncall.md shows', () => {
    expect(signatureOf('whsec_test', '{"a":1}', new Date(1_700_000_000_000))).toBe(
      't=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789',
    );
  });
});
