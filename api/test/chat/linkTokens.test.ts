import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { signUserLinkToken, verifyUserLinkToken } from '../../src/chat/linkTokens.js';
import { describePure } from '../helpers/pure.js';

/** The one-time Telegram link tokens' signatures (chat/linkTokens.ts); their single use is the routes' tests'. */
const KEY = 'test-secret-key-that-is-long-enough-0123456789';
const now = new Date('2026-05-01T12:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describePure('chat link tokens', () => {
  it('fit a Telegram start parameter, name the user, and fail when expired, altered or signed with another key', () => {
    const userId = randomUUID();
    const token = signUserLinkToken(KEY, userId, later(15));
    expect(token).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(verifyUserLinkToken(KEY, token, now)).toEqual({ userId, expiresAt: later(15) });
    expect(verifyUserLinkToken(KEY, token, later(15))).toBeNull();
    expect(verifyUserLinkToken('another key, long enough for the test 0123', token, now)).toBeNull();
    const flipped = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    expect(verifyUserLinkToken(KEY, flipped, now)).toBeNull();
    expect(verifyUserLinkToken(KEY, `${token}A`, now)).toBeNull();
    expect(signUserLinkToken(KEY, userId, later(15))).not.toBe(token);
  });
});
