import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../errors.js';
import { type ChatAccount, tokenIdOf } from './linkTokens.js';

/** How long a one-time link works: long enough to open it, short enough not to linger. */
export const LINK_TTL_MINUTES = 15;
/** The most chat accounts one Vigil user may link: what one account can store is bounded. */
export const MAX_LINKS_PER_USER = 20;
export const TOO_MANY_LINKS = `You have ${MAX_LINKS_PER_USER} linked chat accounts, the most one user may have`;
export const LINK_INVALID = 'This link is not valid: it has expired or was used already';

/** The Vigil user a chat account's presses act as, or null when it is not linked. */
export async function linkedUserOf(db: Db, account: ChatAccount): Promise<string | null> {
  const row = await db
    .selectFrom('chat_user_links')
    .select('user_id')
    .where('kind', '=', account.kind)
    .where('workspace', '=', account.workspace)
    .where('external_user_id', '=', account.externalUserId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Claims a genuine token (already verified) and links the chat account to the user, in one
 * transaction: a token claimed before is refused (400) and nothing changes. A chat account linked
 * to someone else moves to this user, who proved it is theirs; audited as the user.
 */
export async function claimChatLink(
  db: Db,
  token: string,
  expiresAt: Date,
  userId: string,
  account: ChatAccount,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('chat_link_claims').where('expires_at', '<', now).execute();
    const claimed = await trx
      .insertInto('chat_link_claims')
      .values({ token_id: tokenIdOf(token), expires_at: expiresAt })
      .onConflict((oc) => oc.column('token_id').doNothing())
      .returning('token_id')
      .executeTakeFirst();
    if (!claimed) throw new HttpError(400, LINK_INVALID);
    // Serialises one user's links, so the limit holds under concurrent claims.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    const { n } = await trx
      .selectFrom('chat_user_links')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const before = await trx
      .selectFrom('chat_user_links')
      .selectAll()
      .where('kind', '=', account.kind)
      .where('workspace', '=', account.workspace)
      .where('external_user_id', '=', account.externalUserId)
      .forUpdate()
      .executeTakeFirst();
    if (before?.user_id !== userId && n >= MAX_LINKS_PER_USER) throw new HttpError(409, TOO_MANY_LINKS);
    const values = { kind: account.kind, workspace: account.workspace, external_user_id: account.externalUserId, user_id: userId };
    const after = await trx
      .insertInto('chat_user_links')
      .values({ ...values, linked_at: now })
      .onConflict((oc) => oc.columns(['kind', 'workspace', 'external_user_id']).doUpdateSet({ user_id: userId }))
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'chat_user_link.created',
      targetType: 'chat_user_link',
      targetId: `${account.kind}:${account.workspace}:${account.externalUserId}`,
      before: before ?? null,
      after,
    });
  });
}
