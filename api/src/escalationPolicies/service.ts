import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/record.js';
import { type ContactDeps, requestConfirmations } from '../contacts/service.js';
import type { Db } from '../db/database.js';
import type { EscalationLevel, EscalationPolicyRow, UserRow } from '../db/schema.js';
import { HttpError, InvalidInput, notFound, type ValidationIssue } from '../errors.js';
import { seesAddresses, type Viewer, visibleLevels } from '../escalation/addressVisibility.js';
import { normalizeEmails, policyEmails } from '../escalation/policy.js';
import { checkTeamMembers } from '../schedules/validation.js';
import { inTeamsOf, requireTeamRole, teamForNew, viewerOf } from '../teams/access.js';
import type { EscalationLevelInput, EscalationPolicyCreate, EscalationPolicyPublic, EscalationPolicyUpdate } from './schema.js';

/**
 * Escalation policies (docs/oncall/escalation-policies.md) belong to a team. Who may do what,
 * as schedules: the team's members read it, its external addresses only its admins and
 * superusers (escalation/addressVisibility.ts); its admins and superusers change or delete it,
 * a lesser member gets 403, anyone else 404. It reaches only its team's members and schedules,
 * and serves only its team's integrations. A policy some integration uses, itself or through a
 * routing rule, is not deleted (409): its alerts would stop escalating unseen.
 */
export { NOT_ENOUGH_PRIVILEGES } from '../errors.js';
export const policyInUse = (count: number) =>
  `This escalation policy is used by ${count} integration${count === 1 ? '' : 's'}: give ${count === 1 ? 'it' : 'them'} another policy first`;

export const policyRoutedTo = (titles: string[]) =>
  `This escalation policy is used by the routing rules of ${titles.length === 1 ? 'the integration' : 'the integrations'} ${titles
    .map((t) => JSON.stringify(t))
    .join(', ')}: change those rules first`;

/**
 * The policies one user owns at most: a team needs a handful, and each is a row that the policy
 * list and every integration's picker read, so an account cannot make thousands.
 */
export const POLICIES_PER_USER_MAX = 100;
export const tooManyPolicies = `A user has at most ${POLICIES_PER_USER_MAX} escalation policies`;

type PolicyWithCount = EscalationPolicyRow & { integration_count: number | string };

/** The policy as `viewer` reads it: another's addresses counted, not named. */
export function toPolicyPublic(row: PolicyWithCount, viewer: Viewer): EscalationPolicyPublic {
  return {
    id: row.id,
    owner_id: row.owner_id,
    team_id: row.team_id,
    name: row.name,
    description: row.description,
    repeat: row.repeat,
    max_level: row.max_level,
    first_level_after_minutes: row.first_level_after_minutes,
    levels: visibleLevels(row.levels, seesAddresses(viewer, row.team_id)),
    integration_count: Number(row.integration_count),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const withCount = (db: Db) =>
  db
    .selectFrom('escalation_policies as p')
    .selectAll('p')
    .select((eb) =>
      eb
        .selectFrom('integrations as i')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('i.escalation_policy_id', '=', 'p.id')
        .as('integration_count'),
    );

/** The policies of the viewer's teams (`teamId`: that team's) by name, with the total. */
export async function listPolicies(db: Db, user: UserRow, offset: number, limit: number, teamId?: string) {
  const viewer = await viewerOf(db, user);
  let rows = withCount(db).where(inTeamsOf(user, 'p.team_id'));
  let count = db.selectFrom('escalation_policies').where(inTeamsOf(user, 'team_id'));
  if (teamId) {
    rows = rows.where('p.team_id', '=', teamId);
    count = count.where('team_id', '=', teamId);
  }
  const [page, total] = await Promise.all([
    rows.orderBy('p.name').orderBy('p.id').offset(offset).limit(limit).execute(),
    count.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { data: page.map((row) => toPolicyPublic(row as PolicyWithCount, viewer)), count: Number(total.count) };
}

export async function getPolicy(db: Db, user: UserRow, id: string): Promise<EscalationPolicyPublic> {
  const row = await withCount(db).where('p.id', '=', id).where(inTeamsOf(user, 'p.team_id')).executeTakeFirst();
  if (!row) throw notFound('Escalation policy');
  return toPolicyPublic(row as PolicyWithCount, await viewerOf(db, user));
}

/** The policy, locked, when `user` may change it: an admin of its team or a superuser (a lesser member: 403; else 404). */
async function policyForChange(trx: Db, user: UserRow, id: string): Promise<EscalationPolicyRow> {
  const row = await trx.selectFrom('escalation_policies').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('Escalation policy');
  await requireTeamRole(trx, user, row.team_id, 'manage', () => notFound('Escalation policy'));
  return row;
}

/** Levels as stored: every kind of target present, addresses lower-cased once each. */
export const storedLevels = (levels: EscalationLevelInput[]): EscalationLevel[] =>
  levels.map((level) => ({
    delay_minutes: level.delay_minutes,
    targets: {
      user_ids: level.targets.user_ids ?? [],
      schedule_ids: level.targets.schedule_ids ?? [],
      emails: normalizeEmails(level.targets.emails ?? []),
    },
  }));

/** Every user and schedule the levels name is the team's; each other one a 422 item at its place. */
async function checkTargetsExist(db: Db, teamId: string, levels: EscalationLevel[]): Promise<void> {
  const at = (i: number, kind: string, j: number) => ['body', 'levels', i, 'targets', kind, j];
  await checkTeamMembers(
    db,
    teamId,
    levels.flatMap((level, i) => level.targets.user_ids.map((id, j) => ({ loc: at(i, 'user_ids', j), id }))),
  );
  const scheduleIds = [...new Set(levels.flatMap((level) => level.targets.schedule_ids))];
  if (scheduleIds.length === 0) return;
  const found = new Set(
    (await db.selectFrom('schedules').select('id').where('id', 'in', scheduleIds).where('team_id', '=', teamId).execute()).map((r) => r.id),
  );
  const issues: ValidationIssue[] = levels.flatMap((level, i) =>
    level.targets.schedule_ids
      .map((id, j) => ({ id, j }))
      .filter(({ id }) => !found.has(id))
      .map(({ j }) => ({ loc: at(i, 'schedule_ids', j), msg: 'Value error, no schedule of the team with this id', type: 'value_error' })),
  );
  if (issues.length > 0) throw new InvalidInput(issues);
}

/**
 * The addresses a policy names are asked to confirm on behalf of each owner whose alerts it
 * escalates: the owners of the integrations that use it (contacts/service.ts: a contact is an
 * owner and an address). Returns how many emails were queued.
 */
export async function askPolicyContacts(trx: Db, deps: ContactDeps, policyId: string, levels: EscalationLevel[]): Promise<number> {
  const emails = policyEmails({ levels });
  if (emails.length === 0) return 0;
  // The integrations it serves: by their own policy, or through a routing rule.
  const owners = await trx
    .selectFrom('integrations as i')
    .select('i.owner_id')
    .distinct()
    .where((eb) =>
      eb.or([
        eb('i.escalation_policy_id', '=', policyId),
        eb.exists(
          eb
            .selectFrom('routing_rules as r')
            .select('r.id')
            .whereRef('r.integration_id', '=', 'i.id')
            .where('r.escalation_policy_id', '=', policyId),
        ),
      ]),
    )
    .where('i.owner_id', 'is not', null)
    .execute();
  let asked = 0;
  for (const { owner_id } of owners) if (owner_id) asked += await requestConfirmations(trx, deps, owner_id, emails);
  return asked;
}

/**
 * A 422 when `ownerId` owns POLICIES_PER_USER_MAX policies already. Counted under a lock per
 * owner held to the end of the caller's transaction: two creations at once cannot both pass.
 */
export async function checkPolicyAllowance(trx: Db, ownerId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended('vigil-policies.' || current_schema() || '.' || ${ownerId}, 0))`.execute(trx);
  const { n } = await trx
    .selectFrom('escalation_policies')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= POLICIES_PER_USER_MAX) throw new InvalidInput([{ loc: ['body'], msg: tooManyPolicies, type: 'value_error' }]);
}

export async function createPolicy(
  db: Db,
  actor: AuditActor,
  owner: UserRow,
  input: EscalationPolicyCreate,
): Promise<EscalationPolicyPublic> {
  const levels = storedLevels(input.levels);
  const row = await db.transaction().execute(async (trx) => {
    const teamId = await teamForNew(trx, owner, input.team_id, 'manage');
    await checkTargetsExist(trx, teamId, levels);
    await checkPolicyAllowance(trx, owner.id);
    const row = await trx
      .insertInto('escalation_policies')
      .values({
        owner_id: owner.id,
        team_id: teamId,
        name: input.name,
        description: input.description ?? null,
        repeat: input.repeat ?? 0,
        max_level: input.max_level ?? null,
        first_level_after_minutes: input.first_level_after_minutes ?? null,
        levels: JSON.stringify(levels),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'escalation_policy.created',
      targetType: 'escalation_policy',
      targetId: row.id,
      teamId: row.team_id,
      after: row,
    });
    return row;
  });
  return toPolicyPublic({ ...row, integration_count: 0 }, await viewerOf(db, owner));
}

/** Alerts waiting for the timer keep their time; the new levels apply from their next escalation. */
export async function updatePolicy(
  deps: ContactDeps,
  actor: AuditActor,
  user: UserRow,
  id: string,
  patch: EscalationPolicyUpdate,
): Promise<EscalationPolicyPublic> {
  const levels = patch.levels && storedLevels(patch.levels);
  const asked = await deps.db.transaction().execute(async (trx) => {
    const before = await policyForChange(trx, user, id);
    if (levels) await checkTargetsExist(trx, before.team_id, levels);
    const after = await trx
      .updateTable('escalation_policies')
      .set({
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(patch.repeat !== undefined && { repeat: patch.repeat }),
        ...(patch.max_level !== undefined && { max_level: patch.max_level }),
        ...(patch.first_level_after_minutes !== undefined && { first_level_after_minutes: patch.first_level_after_minutes }),
        ...(levels && { levels: JSON.stringify(levels) }),
        updated_at: sql<Date>`clock_timestamp()`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'escalation_policy.updated',
      targetType: 'escalation_policy',
      targetId: id,
      teamId: before.team_id,
      before,
      after,
    });
    return levels ? askPolicyContacts(trx, deps, id, levels) : 0;
  });
  if (asked > 0) deps.notifications.kick();
  return getPolicy(deps.db, user, id);
}

/** 409 while an integration uses it (checked under the policy's lock: an integration taking it waits). */
export async function deletePolicy(db: Db, actor: AuditActor, user: UserRow, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await policyForChange(trx, user, id);
    const { n } = await trx
      .selectFrom('integrations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('escalation_policy_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) throw new HttpError(409, policyInUse(Number(n)));
    // Routing rules' integrations too (their rules are changed under the policy's key-share lock).
    const routing = await trx
      .selectFrom('routing_rules as r')
      .innerJoin('integrations as i', 'i.id', 'r.integration_id')
      .select('i.title')
      .distinct()
      .where('r.escalation_policy_id', '=', id)
      .orderBy('i.title')
      .execute();
    if (routing.length > 0) throw new HttpError(409, policyRoutedTo(routing.map((r) => r.title)));
    await trx.deleteFrom('escalation_policies').where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      action: 'escalation_policy.deleted',
      targetType: 'escalation_policy',
      targetId: id,
      teamId: before.team_id,
      before,
    });
  });
}
