import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/record.js';
import { type ContactDeps, requestConfirmations } from '../contacts/service.js';
import type { Db } from '../db/database.js';
import type { EscalationLevel, EscalationPolicyRow, UserRow } from '../db/schema.js';
import { HttpError, InvalidInput, notFound, type ValidationIssue } from '../errors.js';
import { seesAddresses, type Viewer, visibleLevels } from '../escalation/addressVisibility.js';
import { normalizeEmails, policyEmails } from '../escalation/policy.js';
import { checkUsersExist } from '../schedules/validation.js';
import type { EscalationLevelInput, EscalationPolicyCreate, EscalationPolicyPublic, EscalationPolicyUpdate } from './schema.js';

/**
 * Escalation policies (docs/oncall/escalation-policies.md). Who may do what, as schedules:
 * every signed-in user reads every policy (an integration may use anyone's), its external
 * addresses only if it is theirs or they are a superuser (escalation/addressVisibility.ts); its
 * owner (who created it) and superusers change or delete it, anyone else gets 403. A policy some
 * integration uses is not deleted (409): its alerts would stop escalating unseen.
 */
export const NOT_ENOUGH_PRIVILEGES = "The user doesn't have enough privileges";
export const policyInUse = (count: number) =>
  `This escalation policy is used by ${count} integration${count === 1 ? '' : 's'}: give ${count === 1 ? 'it' : 'them'} another policy first`;

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
    name: row.name,
    description: row.description,
    repeat: row.repeat,
    max_level: row.max_level,
    first_level_after_minutes: row.first_level_after_minutes,
    levels: visibleLevels(row.levels, seesAddresses(viewer, row.owner_id)),
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

/** Every policy by name, with the total, as `viewer` reads them. */
export async function listPolicies(db: Db, viewer: Viewer, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    withCount(db).orderBy('p.name').orderBy('p.id').offset(offset).limit(limit).execute(),
    db
      .selectFrom('escalation_policies')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map((row) => toPolicyPublic(row as PolicyWithCount, viewer)), count: Number(total.count) };
}

export async function getPolicy(db: Db, viewer: Viewer, id: string): Promise<EscalationPolicyPublic> {
  const row = await withCount(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Escalation policy');
  return toPolicyPublic(row as PolicyWithCount, viewer);
}

/** The policy, locked, when `user` may change it: its owner or a superuser (else 403). */
async function policyForChange(trx: Db, user: UserRow, id: string): Promise<EscalationPolicyRow> {
  const row = await trx.selectFrom('escalation_policies').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('Escalation policy');
  if (!user.is_superuser && row.owner_id !== user.id) throw new HttpError(403, NOT_ENOUGH_PRIVILEGES);
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

/** Every user and schedule the levels name exists; each unknown one a 422 item at its place. */
async function checkTargetsExist(db: Db, levels: EscalationLevel[]): Promise<void> {
  const at = (i: number, kind: string, j: number) => ['body', 'levels', i, 'targets', kind, j];
  await checkUsersExist(
    db,
    levels.flatMap((level, i) => level.targets.user_ids.map((id, j) => ({ loc: at(i, 'user_ids', j), id }))),
  );
  const scheduleIds = [...new Set(levels.flatMap((level) => level.targets.schedule_ids))];
  if (scheduleIds.length === 0) return;
  const found = new Set((await db.selectFrom('schedules').select('id').where('id', 'in', scheduleIds).execute()).map((r) => r.id));
  const issues: ValidationIssue[] = levels.flatMap((level, i) =>
    level.targets.schedule_ids
      .map((id, j) => ({ id, j }))
      .filter(({ id }) => !found.has(id))
      .map(({ j }) => ({ loc: at(i, 'schedule_ids', j), msg: 'Value error, no schedule with this id', type: 'value_error' })),
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
  const owners = await trx.selectFrom('integrations').select('owner_id').distinct().where('escalation_policy_id', '=', policyId).execute();
  let asked = 0;
  for (const { owner_id } of owners) asked += await requestConfirmations(trx, deps, owner_id, emails);
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
  await checkTargetsExist(db, levels);
  const row = await db.transaction().execute(async (trx) => {
    await checkPolicyAllowance(trx, owner.id);
    const row = await trx
      .insertInto('escalation_policies')
      .values({
        owner_id: owner.id,
        name: input.name,
        description: input.description ?? null,
        repeat: input.repeat ?? 0,
        max_level: input.max_level ?? null,
        first_level_after_minutes: input.first_level_after_minutes ?? null,
        levels: JSON.stringify(levels),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { action: 'escalation_policy.created', targetType: 'escalation_policy', targetId: row.id, after: row });
    return row;
  });
  return toPolicyPublic({ ...row, integration_count: 0 }, owner);
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
  if (levels) await checkTargetsExist(deps.db, levels);
  const asked = await deps.db.transaction().execute(async (trx) => {
    const before = await policyForChange(trx, user, id);
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
    await recordAudit(trx, actor, { action: 'escalation_policy.updated', targetType: 'escalation_policy', targetId: id, before, after });
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
    await trx.deleteFrom('escalation_policies').where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'escalation_policy.deleted', targetType: 'escalation_policy', targetId: id, before });
  });
}
