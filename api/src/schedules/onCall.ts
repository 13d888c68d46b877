import type { Db } from '../db/database.js';
import type { ScheduleRow } from '../db/schema.js';
import { NEXT_CHANGE_HORIZON_DAYS, onCallAt, onCallNowAndNext, type ScheduleDef, timeline, userShifts } from '../oncall/schedule.js';
import { DAY } from '../oncall/zoneTime.js';
import { overridesMeeting, toOverrideDef } from './overrides.js';
import { rotationsOf, toRotationDef } from './rotations.js';

// The stored schedules handed to the arithmetic of api/src/oncall/ (which does all the time
// work): only the overrides meeting the asked span are read, so a long history costs nothing.

async function definitions(db: Db, schedules: ScheduleRow[], from: number, to: number): Promise<ScheduleDef[]> {
  const ids = schedules.map((s) => s.id);
  const [rotations, overrides] = await Promise.all([rotationsOf(db, ids), overridesMeeting(db, ids, from, to)]);
  return schedules.map((schedule) => ({
    id: schedule.id,
    timeZone: schedule.time_zone,
    rotations: rotations.filter((r) => r.schedule_id === schedule.id).map(toRotationDef),
    overrides: overrides.filter((o) => o.schedule_id === schedule.id).map(toOverrideDef),
  }));
}

/** Who is on call at `at` and the next change within NEXT_CHANGE_HORIZON_DAYS. */
export async function onCallOf(db: Db, schedule: ScheduleRow, at: number) {
  const [answer] = await onCallOfMany(db, [schedule], at);
  return answer as NonNullable<typeof answer>;
}

/** The same for many schedules in two reads (their rotations, their overrides), in their order. */
export async function onCallOfMany(db: Db, schedules: ScheduleRow[], at: number) {
  if (schedules.length === 0) return [];
  // "Next" looks a horizon ahead, and an override that began earlier may still hold at `at`.
  const defs = await definitions(db, schedules, at, at + NEXT_CHANGE_HORIZON_DAYS * DAY + 1);
  return defs.map((def) => {
    const answer = onCallNowAndNext(def, new Date(at));
    return {
      schedule_id: def.id,
      at: answer.at,
      user_ids: answer.userIds,
      next: answer.next && { at: answer.next.at, user_ids: answer.next.userIds },
    };
  });
}

/**
 * Who is on call at `at` in each of `scheduleIds` (an unknown or deleted schedule: nobody), for
 * an escalation reaching its schedules (escalation/targets.ts). Two queries for any number.
 */
export async function onCallAtInSchedules(db: Db, scheduleIds: readonly string[], at: number): Promise<Map<string, string[]>> {
  const onCall = new Map<string, string[]>();
  if (scheduleIds.length === 0) return onCall;
  const schedules = await db
    .selectFrom('schedules')
    .selectAll()
    .where('id', 'in', [...scheduleIds])
    .execute();
  for (const def of await definitions(db, schedules, at, at + 1)) onCall.set(def.id, onCallAt(def, new Date(at)));
  return onCall;
}

/** The schedule over [from, to) as segments tiling it. */
export async function timelineOf(db: Db, schedule: ScheduleRow, from: number, to: number) {
  const [def] = await definitions(db, [schedule], from, to);
  const data = timeline(def as ScheduleDef, new Date(from), new Date(to)).map((s) => ({ start: s.start, end: s.end, user_ids: s.userIds }));
  return { data, count: data.length };
}

/**
 * A user's own time on call over [from, to): across the schedules where they are in a rotation
 * or an override meeting the span (an `add` or `replace` puts them on call where no rotation does).
 */
export async function shiftsOfUser(db: Db, userId: string, from: number, to: number) {
  const schedules = await db
    .selectFrom('schedules')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('schedule_rotations as r')
            .innerJoin('schedule_rotation_members as m', 'm.rotation_id', 'r.id')
            .select('r.id')
            .whereRef('r.schedule_id', '=', 'schedules.id')
            .where('m.user_id', '=', userId),
        ),
        eb.exists(
          eb
            .selectFrom('schedule_overrides as o')
            .select('o.id')
            .whereRef('o.schedule_id', '=', 'schedules.id')
            .where('o.user_id', '=', userId)
            .where('o.ends_at', '>', new Date(from))
            .where('o.starts_at', '<', new Date(to)),
        ),
      ]),
    )
    .execute();
  const names = new Map(schedules.map((s) => [s.id, s.name]));
  const defs = await definitions(db, schedules, from, to);
  const data = userShifts(defs, userId, new Date(from), new Date(to)).map((s) => ({
    schedule_id: s.scheduleId,
    schedule_name: names.get(s.scheduleId) ?? '',
    start: s.start,
    end: s.end,
  }));
  return { data, count: data.length };
}
