import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { confirmUser, readAsUser, requireListUser, userOf } from '../../src/auth/currentUser.js';
import type { AccessClaims } from '../../src/auth/tokens.js';
import type { UserRow } from '../../src/db/schema.js';

/**
 * The big lists start from the user row this process last read (auth/currentUser.ts). That
 * row may be stale, a demoted superuser's say: no code may see it as the signed-in user until
 * the stored row confirms it.
 */
const claims = { userId: 'u1', version: 1 } as AccessClaims;
const seenRow = { id: 'u1', is_active: true, is_superuser: true, token_version: 1 } as UserRow;
const storedRow = { ...seenRow, is_superuser: false };

function listRequest(): FastifyRequest {
  const authentication = {
    tokens: { verify: async () => claims },
    userReads: { seenUser: () => seenRow, userById: async () => storedRow },
  };
  return { headers: { authorization: 'Bearer t' }, server: { authentication }, user: null, unconfirmed: null } as unknown as FastifyRequest;
}

describe('a list route starting from the remembered user', () => {
  it('holds the remembered row aside: asking for the user before it is confirmed is an error, never that row', async () => {
    const request = listRequest();
    await requireListUser(request, {} as FastifyReply);
    expect(request.user).toBeNull();
    expect(() => userOf(request)).toThrow(/before the user is confirmed/);
  });

  it('confirms against the stored row: a role changed since counts', async () => {
    const request = listRequest();
    await requireListUser(request, {} as FastifyReply);
    const user = await confirmUser(request);
    expect(user.is_superuser).toBe(false);
    expect(userOf(request)).toBe(storedRow);
  });

  it('reads with the remembered row only through a checked read, and reads again for the stored one when the check fails', async () => {
    const request = listRequest();
    await requireListUser(request, {} as FastifyReply);
    const readFor: boolean[] = [];
    // The checked statement refuses a row that no longer matches the stored one (common/checkedPage.ts).
    const answer = await readAsUser(request, async (user) => {
      readFor.push(user.is_superuser);
      return user.is_superuser === storedRow.is_superuser ? 'page' : undefined;
    });
    expect(answer).toBe('page');
    expect(readFor).toEqual([true, false]);
    expect(userOf(request)).toBe(storedRow);
  });
});
