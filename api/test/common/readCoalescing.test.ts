import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenSigner } from '../../src/auth/tokens.js';
import { batchLoader, coalescedLoader } from '../../src/common/readCoalescing.js';

describe('coalesced reads', () => {
  it('runs a read asked for many times in one round once, and each distinct read once', async () => {
    const runs: string[] = [];
    const load = coalescedLoader(
      async (key: { page: number }) => {
        runs.push(`page ${key.page}`);
        return { page: key.page, at: runs.length };
      },
      (key) => String(key.page),
    );
    const answers = await Promise.all([load({ page: 1 }), load({ page: 1 }), load({ page: 2 }), load({ page: 1 })]);
    expect(runs.sort()).toEqual(['page 1', 'page 2']);
    expect(answers.map((a) => a.page)).toEqual([1, 1, 2, 1]);
  });

  it('never answers a later request from an earlier read, even one still running', async () => {
    let stored = 'before';
    let release = () => {};
    const runs: string[] = [];
    const load = coalescedLoader(
      async (_key: string) => {
        const seen = stored;
        runs.push(seen);
        // The first read stays in flight until released, like a slow query.
        if (runs.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return seen;
      },
      (key) => key,
    );
    const first = load('k');
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toEqual(['before']);
    // A write commits, then a request arrives while the first read is still running.
    stored = 'after';
    const second = load('k');
    await new Promise((resolve) => setImmediate(resolve));
    release();
    expect(await first).toBe('before');
    expect(await second).toBe('after');
    expect(runs).toEqual(['before', 'after']);
  });

  it('fails only the keys whose read failed', async () => {
    const load = coalescedLoader(
      async (key: string) => {
        if (key === 'bad') throw new Error('no such row');
        return key.toUpperCase();
      },
      (key) => key,
    );
    const [good, bad] = await Promise.allSettled([load('good'), load('bad')]);
    expect(good).toEqual({ status: 'fulfilled', value: 'GOOD' });
    expect(bad).toMatchObject({ status: 'rejected', reason: { message: 'no such row' } });
  });

  it('batches distinct keys into one query and answers each with its own row or undefined', async () => {
    const queries: string[][] = [];
    const load = batchLoader(
      async (ids: string[]) => {
        queries.push(ids);
        return ids.filter((id) => id !== 'gone').map((id) => ({ id, name: `user ${id}` }));
      },
      (id) => id,
      (row) => row.id,
    );
    const rows = await Promise.all([load('a'), load('b'), load('a'), load('gone')]);
    expect(queries).toEqual([['a', 'b', 'gone']]);
    expect(rows).toEqual([{ id: 'a', name: 'user a' }, { id: 'b', name: 'user b' }, { id: 'a', name: 'user a' }, undefined]);
  });
});

describe('reads with batching switched off (the benchmark’s comparison, common/hotPath.ts)', () => {
  it('runs every read asked for, one at a time, with the same answers', async () => {
    const runs: string[] = [];
    const load = coalescedLoader(
      async (key: string) => {
        runs.push(key);
        return key.toUpperCase();
      },
      (key) => key,
      { batch: false },
    );
    expect(await Promise.all([load('a'), load('a'), load('b')])).toEqual(['A', 'A', 'B']);
    expect(runs).toEqual(['a', 'a', 'b']);
  });

  it('sends one query per key, each answered with its own row or undefined', async () => {
    const queries: string[][] = [];
    const load = batchLoader(
      async (ids: string[]) => {
        queries.push(ids);
        return ids.filter((id) => id !== 'gone').map((id) => ({ id }));
      },
      (id) => id,
      (row) => row.id,
      { batch: false },
    );
    expect(await Promise.all([load('a'), load('gone'), load('a')])).toEqual([{ id: 'a' }, undefined, { id: 'a' }]);
    expect(queries).toEqual([['a'], ['gone'], ['a']]);
  });
});

describe('verified-token memory', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('still refuses a remembered token once it expires', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z'), toFake: ['Date'] });
    const signer = new TokenSigner('a-test-secret-key-of-enough-length-0123', 5);
    const token = await signer.sign({ userId: 'u1', version: 3 });
    expect(await signer.verify(token)).toEqual({ userId: 'u1', version: 3 });
    vi.setSystemTime(new Date('2026-01-01T00:04:59Z'));
    expect(await signer.verify(token)).toEqual({ userId: 'u1', version: 3 });
    vi.setSystemTime(new Date('2026-01-01T00:05:01Z'));
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses a token with a changed signature or payload even after the real one was remembered', async () => {
    const signer = new TokenSigner('a-test-secret-key-of-enough-length-0123', 5);
    const token = await signer.sign({ userId: 'u1', version: 3 });
    await signer.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), ver: 4 })).toString(
      'base64url',
    );
    expect(await signer.verify(`${header}.${forged}.${signature}`)).toBeNull();
    // Its first character changed: always another signature (the last ones may only carry
    // padding bits a lenient decoder ignores, and "AA" may already be there).
    const sig = signature ?? '';
    expect(await signer.verify(`${header}.${payload}.${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`)).toBeNull();
    expect(await new TokenSigner('another-secret-key-of-enough-length-012', 5).verify(token)).toBeNull();
  });
});
