import { createHash, randomBytes } from 'node:crypto';
import { type AuditActor, recordAudit } from '../../audit/record.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { tokenIdOf } from '../linkTokens.js';
import type { ChatUserLinkPublic } from './linkSchema.js';

/** How long a one-time link works: long enough to open it and sign in, short enough not to linger. */
export const LINK_TOKEN_TTL_MINUTES = 15;
/** The most chat users one Vigil user may link (each workspace, each kind). */
export const MAX_LINKS_PER_USER = 20;

export const LINK_TOKEN_INVALID =
  'This link is not valid: it has expired or was used already. Press a button in the chat again for a new one.';
export const USED_LINK = 'This link is not valid: it has expired or was used already';
export const LINK_NOT_FOUND = 'Chat account link not found';
export const TOO_MANY_LINKS = `You have ${MAX_LINKS_PER_USER} linked chat accounts, the most one user may have`;

/** The chat user a link is about: a kind, its namespace (the Slack workspace) and the user's id there. */
export interface ChatUser {
  kind: string;
  workspace: string;
  externalUserId: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The console page that claims a token ('/link/slack?token=…'). */
export const linkPageUrl = (config: Config, kind: string, token: string) =>
  `${config.frontendHost}/link/${kind === 'slack_app' ? 'slack' : kind}?token=${token}`;

/**
 * A new one-time link token for a chat user (only its hash is stored): their unused ones before
 * it, and everyone's long expired, are dropped, so each chat user holds at most one.
 */
export async function issueLinkToken(db: Db, who: ChatUser, now: Date): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('chat_link_tokens')
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', who.kind), eb('workspace', '=', who.workspace), eb('external_user_id', '=', who.externalUserId)]),
          eb('expires_at', '<', new Date(now.getTime() - 24 * 3600_000)),
        ]),
      )
      .execute();
    await trx
      .insertInto('chat_link_tokens')
      .values({
        token_hash: hashOf(token),
        kind: who.kind,
        workspace: who.workspace,
        external_user_id: who.externalUserId,
        expires_at: new Date(now.getTime() + LINK_TOKEN_TTL_MINUTES * 60_000),
      })
      .execute();
  });
  return token;
}

const toPublic = (row: { kind: string; workspace: string; external_user_id: string; linked_at: Date }): ChatUserLinkPublic => ({
  kind: row.kind,
  workspace: row.workspace,
  external_user_id: row.external_user_id,
  linked_at: row.linked_at.toISOString(),
});

/** The Vigil user a chat user's presses act as, or null when they are not linked. */
export async function linkedUserOf(db: Db, who: ChatUser): Promise<string | null> {
  const row = await db
    .selectFrom('chat_user_links')
    .select('user_id')
    .where('kind', '=', who.kind)
    .where('workspace', '=', who.workspace)
    .where('external_user_id', '=', who.externalUserId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Links the chat user to `userId` (replacing a link to someone else: this user proved it is theirs); audited. */
export async function linkChatUser(db: Db, actor: AuditActor, userId: string, who: ChatUser, now: Date): Promise<ChatUserLinkPublic> {
  return db.transaction().execute((trx) => linkChatUserIn(trx, actor, userId, who, now));
}

/**
 * Claims a signed token a Vigil user took to the chat (linkTokens.ts; already verified) for the
 * chat user who sent it back: once (400 after), in the transaction that links them.
 */
export async function claimUserLinkToken(
  db: Db,
  actor: AuditActor,
  claim: { token: string; userId: string; expiresAt: Date },
  who: ChatUser,
  now: Date,
): Promise<ChatUserLinkPublic> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('chat_link_claims').where('expires_at', '<', now).execute();
    const claimed = await trx
      .insertInto('chat_link_claims')
      .values({ token_id: tokenIdOf(claim.token), expires_at: claim.expiresAt })
      .onConflict((oc) => oc.column('token_id').doNothing())
      .returning('token_id')
      .executeTakeFirst();
    if (!claimed) throw new HttpError(400, USED_LINK);
    return linkChatUserIn(trx, actor, claim.userId, who, now);
  });
}

async function linkChatUserIn(trx: Db, actor: AuditActor, userId: string, who: ChatUser, now: Date): Promise<ChatUserLinkPublic> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
  const { count } = await trx
    .selectFrom('chat_user_links')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const existing = await trx
    .selectFrom('chat_user_links')
    .selectAll()
    .where('kind', '=', who.kind)
    .where('workspace', '=', who.workspace)
    .where('external_user_id', '=', who.externalUserId)
    .forUpdate()
    .executeTakeFirst();
  if (existing?.user_id !== userId && Number(count) >= MAX_LINKS_PER_USER) throw new HttpError(409, TOO_MANY_LINKS);
  const values = { kind: who.kind, workspace: who.workspace, external_user_id: who.externalUserId, user_id: userId, linked_at: now };
  const row = await trx
    .insertInto('chat_user_links')
    .values(values)
    .onConflict((oc) => oc.columns(['kind', 'workspace', 'external_user_id']).doUpdateSet({ user_id: userId }))
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, actor, {
    action: 'chat_user_link.created',
    targetType: 'chat_user_link',
    targetId: `${who.kind}:${who.workspace}:${who.externalUserId}`,
    before: existing ?? null,
    after: row,
  });
  return toPublic(row);
}

/** Claims a one-time link as `userId`: once, before it expires; 400 otherwise, and nothing is linked. */
export async function claimLinkToken(db: Db, actor: AuditActor, userId: string, token: string, now: Date): Promise<ChatUserLinkPublic> {
  const claimed = await db
    .updateTable('chat_link_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashOf(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['kind', 'workspace', 'external_user_id'])
    .executeTakeFirst();
  if (!claimed) throw new HttpError(400, LINK_TOKEN_INVALID);
  return linkChatUser(
    db,
    actor,
    userId,
    { kind: claimed.kind, workspace: claimed.workspace, externalUserId: claimed.external_user_id },
    now,
  );
}

export async function listChatLinks(db: Db, userId: string): Promise<ChatUserLinkPublic[]> {
  const rows = await db.selectFrom('chat_user_links').selectAll().where('user_id', '=', userId).orderBy('linked_at').execute();
  return rows.map(toPublic);
}

/** Unlinks one of the user's chat accounts (in every workspace it is linked in); 404 when none is theirs. */
export async function unlinkChatUser(db: Db, actor: AuditActor, userId: string, kind: string, externalUserId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await trx
      .deleteFrom('chat_user_links')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('external_user_id', '=', externalUserId)
      .returningAll()
      .execute();
    if (rows.length === 0) throw new HttpError(404, LINK_NOT_FOUND);
    for (const row of rows) {
      await recordAudit(trx, actor, {
        action: 'chat_user_link.deleted',
        targetType: 'chat_user_link',
        targetId: `${row.kind}:${row.workspace}:${row.external_user_id}`,
        before: row,
      });
    }
  });
}
