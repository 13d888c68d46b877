import type { TokenScope } from '../../src/apiTokens/scopes.js';
import { answered, callAs } from './api.js';
import type { TestApp, TestUser } from './testApp.js';

export const TOKENS = '/api/v1/tokens';

/** A token made through the API by `user`'s session, and `user` calling with it instead. */
export interface TestApiToken {
  id: string;
  secret: string;
  /** `user` with the token as its bearer: for callAs. */
  caller: TestUser;
}

export async function createApiToken(
  t: TestApp,
  user: TestUser,
  scopes: TokenScope[],
  fields: { name?: string; expires_in_days?: number; team_id?: string } = {},
): Promise<TestApiToken> {
  const created = answered(await callAs(t, user, 'POST', `${TOKENS}/`, { name: 'CI', expires_in_days: 30, ...fields, scopes }));
  return { id: created.id, secret: created.token, caller: withBearer(user, created.token) };
}

/** `user` calling with `bearer` (an API token's secret, or anything else) as their credential. */
export const withBearer = (user: TestUser, bearer: string): TestUser => ({
  ...user,
  token: bearer,
  auth: { authorization: `Bearer ${bearer}` },
});
