import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PINGS_PER_MINUTE, tooManyPings, tooManyUnknownPings } from '../../src/heartbeats/pingLimits.js';
import { hashIngestKey } from '../../src/ingest/keys.js';
import { addressKey } from '../../src/operations/addressKey.js';
import { createMonitor } from '../helpers/heartbeats.js';
import { body, createTestApp, TEST_DATABASE_URL, TEST_DB, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';

/**
 * The heartbeat ping's limits (api/src/heartbeats/pingLimits.ts): a known token counts against
 * its monitor, an unknown one against the client's address and never against itself. On
 * PostgreSQL the counters are rows of `rate_limit_hits` (DATABASE_URL, no REDIS_URL): read back.
 */
const UNKNOWN_PER_ADDRESS = 30;
const NOT_FOUND = { detail: 'Heartbeat monitor not found' };

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    ...(TEST_DB === 'postgres' && { databaseUrl: TEST_DATABASE_URL }),
    rateLimit: { ...testConfig().rateLimit, heartbeatUnknownPings: UNKNOWN_PER_ADDRESS },
  });
  owner = await t.createUser();
});
afterAll(async () => {
  await t?.close();
});

const randomToken = () => randomBytes(32).toString('base64url');
const pingAs = (token: string, remoteAddress: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/ingest/${token}/heartbeat`, remoteAddress });

/** Every counter of the store, whatever limit wrote it. */
const counterRows = async () =>
  (await sql<{ key: string; hits: number }>`SELECT key, hits FROM rate_limit_hits ORDER BY key`.execute(t.db)).rows;

describe('heartbeat pings with unknown tokens', () => {
  it('count per client address, never per token: 1,000 random tokens, 30 answered 404, then 429; no counter per token', async () => {
    const address = '198.51.100.7';
    const tokens = Array.from({ length: 1000 }, randomToken);
    const answers = [];
    for (const token of tokens) answers.push(await pingAs(token, address));

    // Below the limit, an unknown token gets what it always got: nothing tells it more.
    for (const res of answers.slice(0, UNKNOWN_PER_ADDRESS)) {
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual(NOT_FOUND);
    }
    for (const res of answers.slice(UNKNOWN_PER_ADDRESS)) {
      expect(res.statusCode).toBe(429);
      expect(body(res)).toEqual({ detail: tooManyUnknownPings(UNKNOWN_PER_ADDRESS) });
    }
    const retryAfter = Number(answers.at(-1)!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(tooManyUnknownPings(UNKNOWN_PER_ADDRESS)).toBe('Too many pings with unknown tokens from this address: at most 30 a minute');

    if (TEST_DB === 'postgres') {
      // One counter for the address, holding every ping; none for any token or its hash.
      const rows = await counterRows();
      expect(rows.filter((r) => r.key.includes(address))).toEqual([{ key: `heartbeat-unknown:${address}`, hits: 1000 }]);
      const secrets = [...tokens, ...tokens.map(hashIngestKey)];
      expect(rows.filter((r) => secrets.some((secret) => r.key.includes(secret)))).toEqual([]);
      expect(rows.length).toBeLessThan(10);
    }
  });

  it("another address has its own budget, and the limited address's known tokens still ping", async () => {
    const limited = '198.51.100.8';
    for (let i = 0; i < UNKNOWN_PER_ADDRESS; i++) expect((await pingAs(randomToken(), limited)).statusCode).toBe(404);
    expect((await pingAs(randomToken(), limited)).statusCode).toBe(429);

    const other = await pingAs(randomToken(), '198.51.100.9');
    expect(other.statusCode).toBe(404);
    expect(body(other)).toEqual(NOT_FOUND);

    // A cron job behind the same address as a scanner keeps working.
    const { monitor } = await createMonitor(t, owner, { name: 'behind a busy address', interval_minutes: 10 });
    const known = await pingAs(monitor.ping_token, limited);
    expect(known.statusCode).toBe(200);
    expect(body(known)).toEqual({ message: 'Ping received' });
  });

  it('counts an IPv6 client by its /64: a new address in the same block is the same client', async () => {
    for (let i = 0; i < UNKNOWN_PER_ADDRESS; i++) {
      expect((await pingAs(randomToken(), `2001:db8:7:1::${(i + 1).toString(16)}`)).statusCode).toBe(404);
    }
    expect((await pingAs(randomToken(), '2001:db8:7:1:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    expect((await pingAs(randomToken(), '2001:db8:7:2::1')).statusCode).toBe(404);
  });
});

describe('heartbeat pings with a known token', () => {
  it('count per monitor: past 60 a minute, 429 with Retry-After; a rotated token does not start again', async () => {
    const { integration, monitor } = await createMonitor(t, owner, { name: 'loop', interval_minutes: 10 });
    // From many addresses: the monitor's limit is not the address's.
    for (let i = 0; i < PINGS_PER_MINUTE; i++) expect((await pingAs(monitor.ping_token, `192.0.2.${i + 1}`)).statusCode).toBe(200);
    const refused = await pingAs(monitor.ping_token, '192.0.2.200');
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toEqual({ detail: tooManyPings });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/v1/integration/${integration.id}/heartbeats/${monitor.id}/ping-token`,
      headers: owner.auth,
    });
    expect(rotated.statusCode).toBe(200);
    expect((await pingAs(body(rotated).ping_token, '192.0.2.201')).statusCode).toBe(429);
    if (TEST_DB === 'postgres') {
      expect((await counterRows()).filter((r) => r.key === `heartbeat:${monitor.id}`)).toEqual([
        { key: `heartbeat:${monitor.id}`, hits: PINGS_PER_MINUTE + 2 },
      ]);
    }
  });
});

describe('the address a per-address limit counts', () => {
  it('is an IPv4 address itself, an IPv6 address its /64, an IPv4-mapped one its IPv4 address', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:DB8:0:12:aaaa::1')).toBe('2001:db8:0:12::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:0db8:0000:0012:1:2:3:4')).toBe('2001:db8:0:12::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(addressKey('::ffff:c633:6404')).toBe('198.51.100.4');
    expect(addressKey('64:ff9b::198.51.100.4')).toBe('64:ff9b:0:0::/64');
  });
});
