import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { passwordRecoveryEmail } from '../email/templates.js';
import { HttpError } from '../errors.js';
import { findUserByEmail } from '../users/service.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import { hashOneTimeToken, newOneTimeToken } from './tokens.js';

type RefusalReason = 'unknown_email' | 'wrong_password' | 'inactive';

/** A refused sign-in is an audit entry: the email tried and why, never the password. */
async function refuseSignin(db: Db, actor: AuditActor, email: string, reason: RefusalReason, userId: string | null, detail: string) {
  await recordAudit(
    db,
    { ...actor, label: email },
    { action: 'signin.refused', targetType: 'signin', targetId: userId, after: { email, reason } },
  );
  return new HttpError(400, detail);
}

/** The user for an email and password, or 400: never 401 here (a 401 logs the console out). */
export async function authenticate(db: Db, actor: AuditActor, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    await burnPasswordCheck(password);
    throw await refuseSignin(db, actor, email, 'unknown_email', null, 'Incorrect email or password');
  }
  if (!(await verifyPassword(user.hashed_password, password))) {
    throw await refuseSignin(db, actor, email, 'wrong_password', user.id, 'Incorrect email or password');
  }
  if (!user.is_active) throw await refuseSignin(db, actor, email, 'inactive', user.id, 'Inactive user');
  return user;
}

const resetLink = (config: Config, token: string) => `${config.frontendHost}/reset-password?token=${encodeURIComponent(token)}`;

/** Stores a one-time reset token (its hash only) and returns the email that carries it. */
export async function createRecoveryEmail(db: Db, config: Config, user: UserRow) {
  const { token, hash } = newOneTimeToken();
  await db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: hash,
      user_id: user.id,
      expires_at: new Date(Date.now() + config.passwordResetExpireMinutes * 60_000),
    })
    .execute();
  return passwordRecoveryEmail({ to: user.email, link: resetLink(config, token), validMinutes: config.passwordResetExpireMinutes });
}

/** The email as it would be sent, for the superuser preview: its token is never stored, so the link is inert. */
export function previewRecoveryEmail(config: Config, user: UserRow) {
  return passwordRecoveryEmail({
    to: user.email,
    link: resetLink(config, newOneTimeToken().token),
    validMinutes: config.passwordResetExpireMinutes,
  });
}

/**
 * Spends a reset token: valid, unused and unexpired, else 400 "Invalid token". Every reset
 * token of the user is used up and their sessions end, in one transaction.
 */
export async function resetPassword(db: Db, actor: AuditActor, token: string, newPassword: string): Promise<void> {
  const hashed = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('token_hash', '=', hashOneTimeToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.used_at !== null || row.expires_at.getTime() <= Date.now()) throw new HttpError(400, 'Invalid token');
    const user = await trx.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
    if (!user) throw new HttpError(400, 'Invalid token');
    if (!user.is_active) throw new HttpError(400, 'Inactive user');
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: new Date() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .updateTable('users')
      .set({ hashed_password: hashed, token_version: sql<number>`token_version + 1` })
      .where('id', '=', user.id)
      .execute();
    const by = { ...actor, userId: user.id, label: user.email };
    await recordAudit(trx, by, {
      action: 'user.password_reset',
      targetType: 'user',
      targetId: user.id,
      after: { id: user.id, password_changed: true },
    });
  });
}
