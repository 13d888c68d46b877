import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { signChatLinkToken, signUserLinkToken, verifyChatLinkToken, verifyUserLinkToken } from '../../src/chat/linkTokens.js';
import { describePure } from '../helpers/pure.js';

/** The one-time chat link tokens' signatures (chat/linkTokens.ts); their single use is the routes' tests'. */
const KEY = 'test-secret-key-that-is-long-enough-0123456789';
const now = new Date('2026-05-01T12:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describePure('chat link tokens', () => {
  it('for a Vigil user: fit a Telegram start parameter, name the user, and fail when expired, altered or signed with another key', () => {
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

  it('for a chat account: carry its kind, workspace and id, and fail when expired or altered', () => {
    const account = { kind: 'mattermost', workspace: 'chat.example.com', externalUserId: 'abc123' };
    const token = signChatLinkToken(KEY, account, later(15));
    expect(verifyChatLinkToken(KEY, token, now)).toEqual({ account, expiresAt: later(15) });
    expect(verifyChatLinkToken(KEY, token, later(16))).toBeNull();
    const [v, who, ...rest] = token.split('.');
    const other = Buffer.from('mattermost\nchat.example.com\nsomeone-else').toString('base64url');
    expect(verifyChatLinkToken(KEY, [v, other, ...rest].join('.'), now)).toBeNull();
    expect(who).not.toBe(other);
    // A token of one direction is never one of the other.
    expect(verifyUserLinkToken(KEY, token, now)).toBeNull();
    expect(verifyChatLinkToken(KEY, signUserLinkToken(KEY, randomUUID(), later(15)), now)).toBeNull();
  });
});
