import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type GatewayStack, loginForm, request, startGatewayStack } from './helpers/gatewayStack.js';
import { NGINX } from './helpers/nginx.js';

// The client address the API acts on (the rate limits count it, the alert history records
// it), through the gateway's real config and directly: a caller cannot choose it with
// X-Forwarded-For, X-Real-IP or anything else it sends. Each client is its own loopback
// address; the gateway reaches the API from 127.0.0.1, the one address the API trusts, as
// docker-compose.yml has the API trust the gateway's fixed address.

const GATEWAY = '127.0.0.1';
const LOGIN_LIMIT = 10;
const TOO_MANY = { detail: 'Too many requests, please try again later' };
/** What a caller might forge: every header a proxy chain uses for the client's address. */
const forged = (i: number) => ({
  'x-forwarded-for': `198.51.100.${i}`,
  'x-real-ip': `203.0.113.${i}`,
  forwarded: `for=192.0.2.${i}`,
});

describe.skipIf(!NGINX)('the client address, through the gateway and at the API', () => {
  let stack: GatewayStack;
  let admin: Record<string, string>;

  beforeAll(async () => {
    stack = await startGatewayStack({ TRUST_PROXY: GATEWAY, RATE_LIMIT_LOGIN_PER_MINUTE: String(LOGIN_LIMIT) });
    const login = await request(`${stack.gateway.url}/api/v1/login/access-token`, {
      from: '127.0.0.2',
      ...loginForm(ADMIN.email, ADMIN.password),
    });
    expect(login.status, login.text).toBe(200);
    admin = { authorization: `Bearer ${login.json().access_token}` };
  }, 120_000);
  afterAll(async () => stack?.close());

  /** 25 wrong logins, each with other forged addresses: their statuses in order. */
  async function wrongLogins(url: string, from: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const form = loginForm(ADMIN.email, `wrong-password-${i}`);
      const res = await request(`${url}/api/v1/login/access-token`, { from, ...form, headers: { ...form.headers, ...forged(i) } });
      statuses.push(res.status);
      if (res.status === 429) expect(res.json()).toEqual(TOO_MANY);
    }
    return statuses;
  }

  /** A new alert acknowledged by an anonymous caller from `from`: the address its history recorded. */
  async function recordedAddress(url: string, from: string, headers: Record<string, string> = {}): Promise<string> {
    const created = await request(`${stack.gateway.url}/api/v1/alert/`, {
      from: '127.0.0.2',
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `From ${from}` }),
    });
    expect(created.status, created.text).toBe(200);
    const id = created.json().id as string;
    const acted = await request(`${url}/api/v1/alert/acknowledge/${id}`, { from, method: 'POST', headers });
    expect(acted.status, acted.text).toBe(200);
    const events = await request(`${stack.gateway.url}/api/v1/alert/${id}/events`, { from: '127.0.0.2', headers: admin });
    const acknowledged = (events.json().data as { action: string; client_ip: string }[]).filter((e) => e.action === 'acknowledge');
    expect(acknowledged).toHaveLength(1);
    return acknowledged[0]!.client_ip;
  }

  it('hands the API the address it saw in X-Forwarded-For and X-Real-IP, set rather than appended to', async () => {
    // In the API's place, a server that answers with the headers it got.
    const echo = http.createServer((req, res) => res.end(JSON.stringify(req.headers)));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    try {
      const gateway = await stack.startGateway({ VIGIL_API_UPSTREAM: `127.0.0.1:${(echo.address() as AddressInfo).port}` });
      const res = await request(`${gateway.url}/api/v1/utils/health-check/`, {
        from: '127.0.0.2',
        headers: { ...forged(2), 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      });
      expect(res.json()).toMatchObject({
        'x-forwarded-for': '127.0.0.2',
        'x-real-ip': '127.0.0.2',
        'x-forwarded-host': '127.0.0.1',
        'x-forwarded-proto': 'http',
      });
      expect(res.json().forwarded).toBeUndefined();
    } finally {
      await new Promise((resolve) => echo.close(resolve));
    }
  });

  it('limits 25 wrong logins through the gateway with varied forged headers: one client, 429 past the limit', async () => {
    const statuses = await wrongLogins(stack.gateway.url, '127.0.0.3');
    expect(statuses.slice(0, LOGIN_LIMIT)).toEqual(Array(LOGIN_LIMIT).fill(400));
    expect(statuses.slice(LOGIN_LIMIT)).toEqual(Array(25 - LOGIN_LIMIT).fill(429));
    // Counted for that client, not for the gateway every client comes through.
    const other = await request(`${stack.gateway.url}/api/v1/login/access-token`, {
      from: '127.0.0.4',
      ...loginForm(ADMIN.email, 'wrong'),
    });
    expect(other.status).toBe(400);
  });

  it("records the client's own address in an alert's history through the gateway, not a forged one", async () => {
    expect(await recordedAddress(stack.gateway.url, '127.0.0.5', forged(5))).toBe('127.0.0.5');
  });

  it('believes the X-Forwarded-For of a TLS terminator at VIGIL_FRONT_PROXY, and of no other caller', async () => {
    const behindTls = await stack.startGateway({ VIGIL_FRONT_PROXY: '127.0.0.6' });
    // The terminator appends the address it saw to what the client sent: the last one counts.
    expect(await recordedAddress(behindTls.url, '127.0.0.6', { 'x-forwarded-for': '192.0.2.66, 198.51.100.77' })).toBe('198.51.100.77');
    expect(await recordedAddress(behindTls.url, '127.0.0.7', { 'x-forwarded-for': '198.51.100.78' })).toBe('127.0.0.7');
    const statuses = await wrongLogins(behindTls.url, '127.0.0.7');
    expect(statuses.slice(LOGIN_LIMIT)).toEqual(Array(25 - LOGIN_LIMIT).fill(429));
  });

  it('ignores forged headers from any peer but the gateway when called directly, and believes the gateway', async () => {
    expect(await recordedAddress(stack.apiUrl, '127.0.0.8', forged(8))).toBe('127.0.0.8');
    const statuses = await wrongLogins(stack.apiUrl, '127.0.0.9');
    expect(statuses.slice(0, LOGIN_LIMIT)).toEqual(Array(LOGIN_LIMIT).fill(400));
    expect(statuses.slice(LOGIN_LIMIT)).toEqual(Array(25 - LOGIN_LIMIT).fill(429));
    // The gateway's address is believed: what it sets is the client's address.
    expect(await recordedAddress(stack.apiUrl, GATEWAY, { 'x-forwarded-for': '198.51.100.90' })).toBe('198.51.100.90');
  });
});
