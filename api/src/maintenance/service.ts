import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Db } from '../db/database.js';
import type { MaintenanceWindowRow, UserRow } from '../db/schema.js';
import { HttpError, invalidField, NOT_ENOUGH_PRIVILEGES, notFound } from '../errors.js';
import { requireTeamRole, roleAllows, roleOf, teamForNew } from '../teams/access.js';
import { compileTimes } from './occurrences.js';
import { getWindow, type ReadDeps, toWindowPublic } from './reads.js';
import { type MaintenanceWindowCreate, type MaintenanceWindowUpdate, WINDOWS_PER_TEAM_MAX } from './schema.js';
import { checkedPlan, mergedPlan } from './validation.js';

/**
 * Maintenance windows (docs/oncall/maintenance.md) belong to a team, for one of its
 * integrations or all of them. Its members read them; responders and admins (and superusers)
 * make, change, end and delete them, as they act on alerts: planned work is theirs to
 * announce. A lesser member gets 403, anyone else 404. Every change is audited, and dropped at
 * once from this process's ingest cache (the other replicas' within 2 s).
 */
export interface MaintenanceDeps extends ReadDeps {
  /** The ingest stages' cache (ingest/stages.ts). */
  stages: { invalidate(integrationId: string): void };
}

export const NOT_IN_PROGRESS = 'This maintenance window is not in progress';
export const tooManyWindows = `A team has at most ${WINDOWS_PER_TEAM_MAX} maintenance windows`;
const hidden = () => notFound('Maintenance window');

/** The window, locked, when `user` may change it: a responder or admin of its team, or a superuser. */
async function windowForChange(trx: Db, user: UserRow, id: string): Promise<MaintenanceWindowRow> {
  const row = await trx.selectFrom('maintenance_windows').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw hidden();
  await requireTeamRole(trx, user, row.team_id, 'respond', hidden);
  return row;
}

/** The team of a new window: its integration's (the caller a responder there), else the one asked for or the caller's own. */
async function teamOfNew(trx: Db, user: UserRow, input: MaintenanceWindowCreate): Promise<string> {
  if (!input.integration_id) return teamForNew(trx, user, input.team_id, 'respond');
  const unknown = () => invalidField(['body', 'integration_id'], 'no integration with this id among yours');
  const integration = await trx.selectFrom('integrations').select('team_id').where('id', '=', input.integration_id).executeTakeFirst();
  if (!integration) throw unknown();
  if (user.onlyTeam && user.onlyTeam !== integration.team_id) throw unknown();
  if (!user.is_superuser) {
    const role = await roleOf(trx, user, integration.team_id);
    if (role === null) throw unknown();
    if (!roleAllows(role, 'respond')) throw new HttpError(403, NOT_ENOUGH_PRIVILEGES);
  }
  if (input.team_id && input.team_id !== integration.team_id) throw invalidField(['body', 'team_id'], "must be the integration's team");
  return integration.team_id;
}

/** A 422 when the team holds WINDOWS_PER_TEAM_MAX windows, counted under a lock per team: two creations cannot both pass. */
async function checkAllowance(trx: Db, teamId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended('vigil-maintenance.' || current_schema() || '.' || ${teamId}, 0))`.execute(trx);
  const { n } = await trx
    .selectFrom('maintenance_windows')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= WINDOWS_PER_TEAM_MAX) throw invalidField(['body'], tooManyWindows);
}

/** Drops the window's integrations from this process's ingest cache: its own, or every one of its team. */
async function invalidate(deps: MaintenanceDeps, row: Pick<MaintenanceWindowRow, 'team_id' | 'integration_id'>): Promise<void> {
  if (row.integration_id) return deps.stages.invalidate(row.integration_id);
  const ids = await deps.db.selectFrom('integrations').select('id').where('team_id', '=', row.team_id).execute();
  for (const { id } of ids) deps.stages.invalidate(id);
}

/** The window's silences end now: the sweep's next pass checks each alert again (another window, the changed one) or pages. */
async function releaseSilences(trx: Db, windowId: string, now: Date): Promise<void> {
  await trx
    .updateTable('alerts')
    .set({ silenced_until: now })
    .where('maintenance_window_id', '=', windowId)
    .where('silenced_until', '>', now)
    .execute();
}

export async function createWindow(deps: MaintenanceDeps, actor: AuditActor, user: UserRow, input: MaintenanceWindowCreate) {
  const now = deps.now();
  const plan = checkedPlan(input, now.getTime(), true);
  const row = await deps.db.transaction().execute(async (trx) => {
    const teamId = await teamOfNew(trx, user, input);
    await checkAllowance(trx, teamId);
    const row = await trx
      .insertInto('maintenance_windows')
      .values({
        ...plan,
        matchers: JSON.stringify(plan.matchers),
        team_id: teamId,
        integration_id: input.integration_id ?? null,
        name: input.name,
        ended_at: null,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'maintenance_window.created',
      targetType: 'maintenance_window',
      targetId: row.id,
      teamId,
      after: row,
    });
    return row;
  });
  await invalidate(deps, row);
  return toWindowPublic(row, now);
}

const TIME_FIELDS = ['time_zone', 'kind', 'starts_at', 'ends_at', 'days', 'start_time', 'end_time', 'ends_on'] as const;

/**
 * A change of the times or matchers ends the window's silences: the sweep checks them again
 * against the new plan. New times replace the plan whole: an early end is forgotten.
 */
export async function updateWindow(deps: MaintenanceDeps, actor: AuditActor, user: UserRow, id: string, patch: MaintenanceWindowUpdate) {
  const now = deps.now();
  const { name, ...planPatch } = patch;
  const replans = Object.keys(planPatch).length > 0;
  const timesChanged = TIME_FIELDS.some((field) => planPatch[field] !== undefined);
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await windowForChange(trx, user, id);
    const plan = replans ? checkedPlan(mergedPlan(before, planPatch), now.getTime(), timesChanged) : undefined;
    const after = await trx
      .updateTable('maintenance_windows')
      .set({
        ...(name !== undefined && { name }),
        ...(plan && { ...plan, matchers: JSON.stringify(plan.matchers) }),
        ...(timesChanged && { ended_at: null }),
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (plan) await releaseSilences(trx, id, now);
    await recordAudit(trx, actor, {
      action: 'maintenance_window.updated',
      targetType: 'maintenance_window',
      targetId: id,
      teamId: before.team_id,
      before,
      after,
    });
    return after;
  });
  if (replans) await invalidate(deps, row);
  return getWindow(deps, user, id);
}

/** Ends the occurrence in progress now (a weekly window's next ones come as planned); 409 when none is. */
export async function endWindow(deps: MaintenanceDeps, actor: AuditActor, user: UserRow, id: string) {
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await windowForChange(trx, user, id);
    if (!compileTimes(before).standingAt(now.getTime()).active) throw new HttpError(409, NOT_IN_PROGRESS);
    const after = await trx
      .updateTable('maintenance_windows')
      .set({ ended_at: now, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await releaseSilences(trx, id, now);
    await recordAudit(trx, actor, {
      action: 'maintenance_window.ended',
      targetType: 'maintenance_window',
      targetId: id,
      teamId: before.team_id,
      before,
      after,
    });
    return after;
  });
  await invalidate(deps, row);
  return getWindow(deps, user, id);
}

/** Its silenced alerts are paged by the sweep's next pass if still open (they keep no link to the window). */
export async function deleteWindow(deps: MaintenanceDeps, actor: AuditActor, user: UserRow, id: string): Promise<void> {
  const now = deps.now();
  const before = await deps.db.transaction().execute(async (trx) => {
    const before = await windowForChange(trx, user, id);
    await releaseSilences(trx, id, now);
    await trx.deleteFrom('maintenance_windows').where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      action: 'maintenance_window.deleted',
      targetType: 'maintenance_window',
      targetId: id,
      teamId: before.team_id,
      before,
    });
    return before;
  });
  await invalidate(deps, before);
}
