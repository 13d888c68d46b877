import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../errors.js';
import { createUser, findUserByEmail, findUserById } from '../users/service.js';
import { applyGroupRules } from './groupRules.js';
import type { ProviderIdentity } from './provider.js';
import { SignInRefused } from './refusals.js';

/** The longest email kept, as the users table's own bound (users/schema.ts). */
const MAX_EMAIL_LENGTH = 255;

/**
 * The Vigil user a provider's identity signs in as, made on their first sign-in.
 *
 * Found by the identity seen before (issuer and subject: an email changed at the provider
 * still reaches the same account), else by the verified email, in any case; else created
 * with a random password nobody knows (they sign in through the provider, or reset it).
 * Refused, with nothing written, without a verified email or for an inactive account. The
 * identity's email and groups claim are stored at each sign-in, replacing the last ones:
 * the groups are what group-to-team rules read.
 */
export async function signInWithIdentity(db: Db, identity: ProviderIdentity, now: Date): Promise<UserRow> {
  const { email } = identity;
  if (!email || email.length > MAX_EMAIL_LENGTH || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new SignInRefused('email_missing');
  if (!identity.emailVerified) throw new SignInRefused('email_unverified');
  const user =
    (await linkedUser(db, identity)) ?? (await findUserByEmail(db, email)) ?? (await createSsoUser(db, email, identity.fullName));
  if (!user.is_active) throw new SignInRefused('inactive_user');
  // The identity and the memberships its groups give change together.
  const actor = { userId: user.id, tokenId: null, label: email, address: null };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user_sso_identities')
      .values({ issuer: identity.issuer, subject: identity.subject, user_id: user.id, email, groups: identity.groups, last_login_at: now })
      .onConflict((oc) =>
        oc.columns(['issuer', 'subject']).doUpdateSet({ user_id: user.id, email, groups: identity.groups, last_login_at: now }),
      )
      .execute();
    await applyGroupRules(trx, actor, user.id, identity.groups);
  });
  return user;
}

async function linkedUser(db: Db, identity: ProviderIdentity): Promise<UserRow | undefined> {
  const link = await db
    .selectFrom('user_sso_identities')
    .select('user_id')
    .where('issuer', '=', identity.issuer)
    .where('subject', '=', identity.subject)
    .executeTakeFirst();
  return link ? findUserById(db, link.user_id) : undefined;
}

async function createSsoUser(db: Db, email: string, fullName: string | null): Promise<UserRow> {
  try {
    // The first single sign-on makes the account: recorded as a sign-up by that address.
    const actor = { userId: null, tokenId: null, label: email, address: null };
    return await createUser(db, actor, { email, password: randomBytes(32).toString('base64url'), full_name: fullName }, 'user.signed_up');
  } catch (error) {
    // Two first sign-ins racing (two tabs): the other made the account; use it.
    if (error instanceof HttpError && error.statusCode === 409) {
      const made = await findUserByEmail(db, email);
      if (made) return made;
    }
    throw error;
  }
}

/** The groups each user's provider named at their last sign-in, for group-to-team rules. */
export async function ssoGroupsOf(db: Db, userId: string): Promise<{ issuer: string; groups: string[]; last_login_at: Date }[]> {
  return db
    .selectFrom('user_sso_identities')
    .select(['issuer', 'groups', 'last_login_at'])
    .where('user_id', '=', userId)
    .orderBy('last_login_at', 'desc')
    .execute();
}
