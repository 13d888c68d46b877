import type { FastifyBaseLogger } from 'fastify';
import { type AuditActor, recordAudit } from '../audit/record.js';
import { hashOneTimeToken, newOneTimeToken } from '../auth/tokens.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { TeamRole, UserRow } from '../db/schema.js';
import type { Mailer } from '../email/mailer.js';
import { teamInviteEmail } from '../email/templates.js';
import { HttpError, InvalidInput, notFound } from '../errors.js';
import { createUser, findUserByEmail } from '../users/service.js';
import { requireTeamRole } from './access.js';
import { addMember } from './members.js';
import { INVITE_DAYS, PENDING_INVITES_PER_TEAM_MAX } from './schema.js';
import { TEAM_NOT_FOUND } from './service.js';

/**
 * Invitations by email (docs/api/teams.md): a team admin names an address and a role; the
 * address gets a link holding a random token (only its SHA-256 is kept) that works for
 * INVITE_DAYS and once. Accepting it signs in (an account with that address joins) or signs up
 * (a new account with that address, even while open sign-up is off: the admin vouched for it).
 */
export const INVITE_INVALID = 'This invitation link is invalid, expired or used';
export const INVITE_OTHER_EMAIL = 'This invitation is for another email address: sign in with that one';
export const INVITE_HAS_ACCOUNT = 'An account with this email exists: sign in to accept the invitation';
export const tooManyInvites = `A team has at most ${PENDING_INVITES_PER_TEAM_MAX} pending invitations`;

export interface InviteDeps {
  db: Db;
  config: Pick<Config, 'frontendHost'>;
  mailer: Mailer;
  now: () => Date;
  log: FastifyBaseLogger;
}

const DAY_MS = 86_400_000;
const toInvitePublic = (row: { id: string; email: string; role: TeamRole; expires_at: Date; created_at: Date }) => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expires_at: row.expires_at.toISOString(),
  created_at: row.created_at.toISOString(),
});

/** A new invitation (an admin or superuser): replaces a pending one to the same address; the email is sent after the commit. */
export async function createInvite(deps: InviteDeps, actor: AuditActor, admin: UserRow, teamId: string, email: string, role: TeamRole) {
  const { token, hash } = newOneTimeToken();
  const now = deps.now();
  const { invite, teamName } = await deps.db.transaction().execute(async (trx) => {
    const team = await trx.selectFrom('teams').select(['id', 'name']).where('id', '=', teamId).forNoKeyUpdate().executeTakeFirst();
    if (!team) throw notFound(TEAM_NOT_FOUND);
    await requireTeamRole(trx, admin, teamId, 'manage', () => notFound(TEAM_NOT_FOUND));
    const member = await trx
      .selectFrom('team_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('u.id')
      .where('m.team_id', '=', teamId)
      .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email.toLowerCase()))
      .executeTakeFirst();
    if (member) throw new HttpError(409, 'The user with this email is a member of this team already');
    await trx
      .deleteFrom('team_invites')
      .where('team_id', '=', teamId)
      .where('accepted_at', 'is', null)
      .where((eb) => eb.or([eb(eb.fn('lower', ['email']), '=', email.toLowerCase()), eb('expires_at', '<=', now)]))
      .execute();
    const { n } = await trx
      .selectFrom('team_invites')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('team_id', '=', teamId)
      .where('accepted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(n) >= PENDING_INVITES_PER_TEAM_MAX) throw new InvalidInput([{ loc: ['body'], msg: tooManyInvites, type: 'value_error' }]);
    const invite = await trx
      .insertInto('team_invites')
      .values({
        team_id: teamId,
        email,
        role,
        token_hash: hash,
        invited_by: admin.id,
        expires_at: new Date(now.getTime() + INVITE_DAYS * DAY_MS),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'team_invite.created', targetType: 'team_invite', targetId: invite.id, teamId, after: invite });
    return { invite, teamName: team.name };
  });
  const inviteUrl = `${deps.config.frontendHost}/invite?token=${token}`;
  deps.mailer
    .send(teamInviteEmail({ to: email, teamName, role, inviter: admin.full_name || admin.email, link: inviteUrl, days: INVITE_DAYS }))
    .catch((err: unknown) => deps.log.warn({ err, team: teamId }, 'team invitation email not sent: the admin has the link'));
  return { ...toInvitePublic(invite), invite_url: inviteUrl };
}

/** The team's pending invitations, newest first (an admin or superuser). */
export async function listInvites(db: Db, admin: UserRow, teamId: string, now: Date) {
  await requireTeamRole(db, admin, teamId, 'manage', () => notFound(TEAM_NOT_FOUND));
  const rows = await db
    .selectFrom('team_invites')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
  return { data: rows.map(toInvitePublic), count: rows.length };
}

export async function revokeInvite(db: Db, actor: AuditActor, admin: UserRow, teamId: string, inviteId: string): Promise<void> {
  await requireTeamRole(db, admin, teamId, 'manage', () => notFound(TEAM_NOT_FOUND));
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .deleteFrom('team_invites')
      .where('team_id', '=', teamId)
      .where('id', '=', inviteId)
      .where('accepted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!before) throw notFound('Invitation');
    await recordAudit(trx, actor, { action: 'team_invite.revoked', targetType: 'team_invite', targetId: inviteId, teamId, before });
  });
}

/** The pending, unexpired invitation of a link's token (locked when `lock`), else 404 INVITE_INVALID. */
async function pendingInvite(db: Db, token: string, now: Date, lock = false) {
  let query = db
    .selectFrom('team_invites as i')
    .innerJoin('teams as t', 't.id', 'i.team_id')
    .select(['i.id', 'i.team_id', 'i.email', 'i.role', 'i.expires_at', 't.name as team_name'])
    .where('i.token_hash', '=', hashOneTimeToken(token))
    .where('i.accepted_at', 'is', null)
    .where('i.expires_at', '>', now);
  if (lock) query = query.forUpdate('i');
  const invite = await query.executeTakeFirst();
  if (!invite) throw new HttpError(404, INVITE_INVALID);
  return invite;
}

/** What the link's page shows before accepting: the team, the address, the role. */
export async function lookUpInvite(db: Db, token: string, now: Date) {
  const invite = await pendingInvite(db, token, now);
  return { team_name: invite.team_name, email: invite.email, role: invite.role, expires_at: invite.expires_at.toISOString() };
}

/** A signed-in user with the invited address joins; the link is used up. */
export async function acceptInvite(db: Db, actor: AuditActor, user: UserRow, token: string, now: Date): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const invite = await pendingInvite(trx, token, now, true);
    if (invite.email.toLowerCase() !== user.email.toLowerCase()) throw new HttpError(403, INVITE_OTHER_EMAIL);
    await useInvite(trx, actor, invite, user.id, now);
    return invite.team_id;
  });
}

/** The invited user joins and the link is used up, both recorded. */
async function useInvite(trx: Db, actor: AuditActor, invite: { id: string; team_id: string; role: TeamRole }, userId: string, now: Date) {
  await addMember(trx, actor, invite.team_id, userId, invite.role);
  const after = await trx
    .updateTable('team_invites')
    .set({ accepted_at: now })
    .where('id', '=', invite.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordAudit(trx, actor, {
    action: 'team_invite.accepted',
    targetType: 'team_invite',
    targetId: invite.id,
    teamId: invite.team_id,
    after,
  });
}

/**
 * A new account with the invited address, in the team at once: one transaction, so a link
 * that fails (used meanwhile) leaves no account behind. 409 when one exists: sign in instead.
 */
export async function signUpWithInvite(
  db: Db,
  actor: AuditActor,
  input: { token: string; password: string; full_name?: string | null },
  now: Date,
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const invite = await pendingInvite(trx, input.token, now, true);
    if (await findUserByEmail(trx, invite.email)) throw new HttpError(409, INVITE_HAS_ACCOUNT);
    const asNewUser = { ...actor, label: invite.email };
    const user = await createUser(
      trx,
      asNewUser,
      { email: invite.email, password: input.password, full_name: input.full_name ?? null },
      'user.signed_up',
    );
    await useInvite(trx, { ...asNewUser, userId: user.id }, invite, user.id, now);
    return user;
  });
}
