import { sql } from 'kysely';
import { recordAudit } from '../../audit/record.js';
import type { Db } from '../../db/database.js';
import type { OverrideKindValue, ShiftUnit } from '../../db/schema.js';
import type { ActiveHoursRule } from '../../oncall/activeHours.js';
import { TIMELINE_ENTRIES_MAX, timeline } from '../../oncall/schedule.js';
import {
  checkRoomForSchedule,
  makeRoomForOverride,
  OVERRIDES_PER_SCHEDULE_MAX,
  ROTATIONS_PER_SCHEDULE_MAX,
} from '../../schedules/limits.js';
import { OverrideCreate, RotationCreate, ScheduleCreate } from '../../schedules/schema.js';
import { checkedInstant, checkedZone, checkTeamMembers } from '../../schedules/validation.js';
import { ImportFailure, type SourceOverride, type SourceSchedule } from '../model.js';
import { type Run, teamId, userId, type Writer } from '../run.js';
import { checkBody } from './bodies.js';

// A schedule with its rotations and its overrides still to come, as the API would take them
// (POST /schedules/, /rotations, /overrides). A changed source replaces the rotations and the
// overrides not yet over that the import made; the schedule keeps its id, so the policies
// naming it still do.

interface RotationBody {
  name: string;
  user_ids: string[];
  shift_unit: ShiftUnit;
  shift_count: number;
  handoff_time: string;
  starts_at: string;
  active_hours: ActiveHoursRule[];
}

interface OverrideBody {
  kind: OverrideKindValue;
  user_id: string;
  starts_at: string;
  ends_at: string;
}

export interface ScheduleDesired {
  name: string;
  description: string | null;
  time_zone: string;
  team_id: string;
  rotations: RotationBody[];
  overrides: OverrideBody[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A vendor's override as Vigil's: the stand-in added over the span, and everyone the (named)
 * rotations have on call in it taken off, so the stand-in is who is on call, as at the vendor.
 * A one-off shift only adds its person.
 */
function overridesOf(run: Run, o: SourceOverride, rotations: RotationBody[], zone: string): OverrideBody[] {
  const standIn = userId(run, o.email);
  const span = { starts_at: o.start, ends_at: o.end };
  const added: OverrideBody = { kind: 'add', user_id: standIn, ...span };
  if (o.alongside) return [added];
  const defs = rotations
    .filter((r) => o.rotations.length === 0 || o.rotations.includes(r.name))
    .map((r, i) => ({
      id: String(i),
      userIds: r.user_ids,
      startsAt: r.starts_at,
      handoffTime: r.handoff_time,
      shiftLength: { unit: r.shift_unit, count: r.shift_count },
      activeHours: r.active_hours,
    }));
  const onCall = new Set(
    timeline({ id: 'import', timeZone: zone, rotations: defs, overrides: [] }, o.start, o.end, TIMELINE_ENTRIES_MAX).flatMap(
      (s) => s.userIds,
    ),
  );
  onCall.delete(standIn);
  return [added, ...[...onCall].sort().map((user_id) => ({ kind: 'remove' as const, user_id, ...span }))];
}

async function writeContent(trx: Db, run: Run, scheduleId: string, d: ScheduleDesired): Promise<void> {
  const people = [...d.rotations.flatMap((r) => r.user_ids), ...d.overrides.map((o) => o.user_id)];
  await checkTeamMembers(
    trx,
    d.team_id,
    people.map((id) => ({ id, loc: ['user'] })),
  );
  for (const r of d.rotations) {
    const row = await trx
      .insertInto('schedule_rotations')
      .values({
        schedule_id: scheduleId,
        name: r.name,
        shift_unit: r.shift_unit,
        shift_count: r.shift_count,
        handoff_time: r.handoff_time,
        starts_at: new Date(checkedInstant(r.starts_at, ['starts_at'])),
        active_hours: JSON.stringify(r.active_hours),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('schedule_rotation_members')
      .values(r.user_ids.map((user_id, position) => ({ rotation_id: row.id, position, user_id })))
      .execute();
    await recordAudit(trx, run.actor, {
      action: 'rotation.created',
      targetType: 'rotation',
      teamId: d.team_id,
      targetId: row.id,
      after: { ...row, user_ids: r.user_ids },
    });
  }
  for (const o of d.overrides) {
    await makeRoomForOverride(trx, scheduleId, run.now);
    // Made after every other override of the schedule, to the millisecond (as schedules/overrides.ts).
    const { rows } = await sql<{ at: Date }>`
      SELECT greatest(date_trunc('milliseconds', clock_timestamp()),
        (SELECT max(created_at) + interval '1 millisecond' FROM schedule_overrides WHERE schedule_id = ${scheduleId})) AS at`.execute(trx);
    const after = await trx
      .insertInto('schedule_overrides')
      .values({
        schedule_id: scheduleId,
        kind: o.kind,
        user_id: o.user_id,
        replaces_user_id: null,
        starts_at: new Date(o.starts_at),
        ends_at: new Date(o.ends_at),
        created_at: rows[0]?.at ?? new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, run.actor, { action: 'override.created', targetType: 'override', teamId: d.team_id, targetId: after.id, after });
  }
}

const detailOf = (d: ScheduleDesired) =>
  [plural(d.rotations.length, 'rotation'), ...(d.overrides.length ? [plural(d.overrides.length, 'override')] : [])].join(', ');

export function scheduleWriter(s: SourceSchedule): Writer<ScheduleDesired> {
  return {
    kind: 'schedule',
    table: 'schedules',
    desired(run) {
      const team_id = teamId(run, s.teamRef);
      const time_zone = checkedZone(s.timeZone, ['time_zone']);
      checkBody(ScheduleCreate, { name: s.name, description: s.description, time_zone, team_id });
      if (s.rotations.length > ROTATIONS_PER_SCHEDULE_MAX) {
        throw new ImportFailure(`${s.rotations.length} rotations; a Vigil schedule has at most ${ROTATIONS_PER_SCHEDULE_MAX}`);
      }
      const rotations = s.rotations.map((r) => {
        const body: RotationBody = {
          name: r.name.slice(0, 255),
          user_ids: r.emails.map((email) => userId(run, email)),
          shift_unit: r.shiftUnit,
          shift_count: r.shiftCount,
          handoff_time: r.handoffTime,
          starts_at: r.startsAt,
          active_hours: r.activeHours,
        };
        checkBody(RotationCreate, body, `rotation "${r.name}" `);
        return body;
      });
      const overrides = s.overrides.flatMap((o) => overridesOf(run, o, rotations, time_zone));
      for (const o of overrides) checkBody(OverrideCreate, o, 'override ');
      if (overrides.length > OVERRIDES_PER_SCHEDULE_MAX) {
        throw new ImportFailure(
          `its overrides make ${overrides.length} of Vigil's; a schedule holds at most ${OVERRIDES_PER_SCHEDULE_MAX}`,
        );
      }
      return { name: s.name, description: s.description, time_zone, team_id, rotations, overrides };
    },
    async create(trx, run, d) {
      await checkRoomForSchedule(trx, run.owner);
      const row = await trx
        .insertInto('schedules')
        .values({ name: d.name, description: d.description, time_zone: d.time_zone, owner_id: run.owner.id, team_id: d.team_id })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, run.actor, {
        action: 'schedule.created',
        targetType: 'schedule',
        targetId: row.id,
        teamId: row.team_id,
        after: row,
      });
      await writeContent(trx, run, row.id, d);
      return { id: row.id, detail: detailOf(d) };
    },
    async update(trx, run, id, d) {
      const before = await trx.selectFrom('schedules').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
      if (before.team_id !== d.team_id) {
        throw new ImportFailure(
          'its team changed at the vendor; Vigil moves no schedule between teams: delete it in Vigil to import it anew',
        );
      }
      const after = await trx
        .updateTable('schedules')
        .set({ name: d.name, description: d.description, time_zone: d.time_zone })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, run.actor, {
        action: 'schedule.updated',
        targetType: 'schedule',
        targetId: id,
        teamId: d.team_id,
        before,
        after,
      });
      const gone = await trx.deleteFrom('schedule_rotations').where('schedule_id', '=', id).returningAll().execute();
      for (const r of gone)
        await recordAudit(trx, run.actor, {
          action: 'rotation.deleted',
          targetType: 'rotation',
          teamId: d.team_id,
          targetId: r.id,
          before: r,
        });
      const upcoming = await trx
        .deleteFrom('schedule_overrides')
        .where('schedule_id', '=', id)
        .where('ends_at', '>', run.now)
        .returningAll()
        .execute();
      for (const o of upcoming)
        await recordAudit(trx, run.actor, {
          action: 'override.deleted',
          targetType: 'override',
          teamId: d.team_id,
          targetId: o.id,
          before: o,
        });
      await writeContent(trx, run, id, d);
      return { id, detail: detailOf(d) };
    },
  };
}
