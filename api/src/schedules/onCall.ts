import { setImmediate as turnOfTheLoop } from 'node:timers/promises';
import type { Db } from '../db/database.js';
import type { ScheduleRow } from '../db/schema.js';
import { invalidField } from '../errors.js';
import {
  byStart,
  compileSchedule,
  NEXT_CHANGE_HORIZON_DAYS,
  onCallAt,
  type ScheduleDef,
  TIMELINE_ENTRIES_MAX,
  USER_SHIFTS_MAX,
} from '../oncall/schedule.js';
import { nowAndNextSteps, type Steps, shiftsSteps, TooManyChanges, timelineSteps } from '../oncall/scheduleQuestions.js';
import { DAY } from '../oncall/zoneTime.js';
import { inTeamsOf, type Member } from '../teams/access.js';
import { overridesMeeting, toOverrideDef } from './overrides.js';
import { rotationsOf, toRotationDef } from './rotations.js';

// The stored schedules handed to the arithmetic of api/src/oncall/ (which does all the time
// work): only the overrides meeting the asked span are read, so a long history costs nothing.
// One schedule's computation is bounded by the caps (limits.ts; tens of ms at worst,
// docs/benchmarks/oncall.md) and pauses between the windows it sweeps (oncall/scheduleQuestions.ts);
// the event loop is let go at each pause and between two schedules, and many schedules are
// read SCHEDULES_PER_READ at a time, so no request holds the loop for longer than one window's
// sweep, or one read of a few schedules, takes.

/**
 * Schedules read together: at the caps, 5 are 10,000 members and 1,000 overrides (the embedded
 * PGlite runs a read on the event loop: about 20 ms for these). Fixed, not sized by the last
 * read: a caller chooses the order, and could put light schedules before heavy ones.
 */
const SCHEDULES_PER_READ = 5;

/** Runs a computation, letting the event loop go at each of its pauses. */
export async function finishLettingGo<T>(steps: Steps<T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await turnOfTheLoop();
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A busy span: 422 at `to`, the end of the span asked for. */
const tooBusy = (error: unknown): never => {
  if (error instanceof TooManyChanges)
    throw invalidField(['query', 'to'], `more than ${error.limit} entries between from and to: ask a shorter span`);
  throw error;
};

async function definitions(db: Db, schedules: ScheduleRow[], from: number, to: number): Promise<ScheduleDef[]> {
  const ids = schedules.map((s) => s.id);
  const rotations = await rotationsOf(db, ids);
  await turnOfTheLoop(); // the two reads apart: PGlite would run them in one go
  const overrides = await overridesMeeting(db, ids, from, to);
  const defs = new Map<string, ScheduleDef>(
    schedules.map((schedule) => [schedule.id, { id: schedule.id, timeZone: schedule.time_zone, rotations: [], overrides: [] }]),
  );
  for (const rotation of rotations) defs.get(rotation.schedule_id)?.rotations.push(toRotationDef(rotation));
  for (const override of overrides) defs.get(override.schedule_id)?.overrides.push(toOverrideDef(override));
  return [...defs.values()];
}

/** The schedules' definitions over [from, to), read a few at a time, the event loop let go before each but the first. */
export async function* eachDefinition(db: Db, schedules: ScheduleRow[], from: number, to: number): AsyncGenerator<ScheduleDef> {
  let given = 0;
  for (let i = 0; i < schedules.length; i += SCHEDULES_PER_READ) {
    for (const def of await definitions(db, schedules.slice(i, i + SCHEDULES_PER_READ), from, to)) {
      if (given++ > 0) await turnOfTheLoop();
      yield def;
    }
  }
}

/** Who is on call at `at` and the next change within NEXT_CHANGE_HORIZON_DAYS (else `next` is null). */
export async function onCallOf(db: Db, schedule: ScheduleRow, at: number) {
  const [answer] = await onCallOfMany(db, [schedule], at);
  return answer as NonNullable<typeof answer>;
}

/** The same for many schedules, in their order. */
export async function onCallOfMany(db: Db, schedules: ScheduleRow[], at: number) {
  const answers = [];
  // "Next" looks a horizon ahead, and an override that began earlier may still hold at `at`.
  for await (const def of eachDefinition(db, schedules, at, at + NEXT_CHANGE_HORIZON_DAYS * DAY + 1)) {
    const { userIds, next } = await finishLettingGo(nowAndNextSteps(compileSchedule(def), at, at + NEXT_CHANGE_HORIZON_DAYS * DAY));
    answers.push({ schedule_id: def.id, at: iso(at), user_ids: userIds, next: next && { at: iso(next.at), user_ids: next.userIds } });
  }
  return answers;
}

/**
 * Who is on call at `at` in each of `scheduleIds` (an unknown or deleted schedule: nobody), for
 * an escalation reaching its schedules (escalation/targets.ts).
 */
export async function onCallAtInSchedules(db: Db, scheduleIds: readonly string[], at: number): Promise<Map<string, string[]>> {
  const onCall = new Map<string, string[]>();
  if (scheduleIds.length === 0) return onCall;
  const schedules = await db
    .selectFrom('schedules')
    .selectAll()
    .where('id', 'in', [...scheduleIds])
    .execute();
  for await (const def of eachDefinition(db, schedules, at, at + 1)) onCall.set(def.id, onCallAt(def, new Date(at)));
  return onCall;
}

/** The schedule over [from, to) as segments tiling it: at most TIMELINE_ENTRIES_MAX entries, else 422. */
export async function timelineOf(db: Db, schedule: ScheduleRow, from: number, to: number) {
  const [def] = await definitions(db, [schedule], from, to);
  try {
    const segments = await finishLettingGo(timelineSteps(compileSchedule(def as ScheduleDef), from, to, TIMELINE_ENTRIES_MAX));
    const data = segments.map((s) => ({ start: iso(s.start), end: iso(s.end), user_ids: s.userIds }));
    return { data, count: data.length };
  } catch (error) {
    return tooBusy(error);
  }
}

/**
 * The schedules where `userId` is in a rotation or in an override meeting [from, to) (an `add`
 * or `replace` puts them on call where no rotation does); with `viewer`, only those it may read.
 */
export async function schedulesNaming(db: Db, userId: string, from: number, to: number, viewer?: Member): Promise<ScheduleRow[]> {
  let query = db
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
    );
  if (viewer) query = query.where(inTeamsOf(viewer, 'team_id'));
  return query.execute();
}

/**
 * A user's own time on call over [from, to): across the schedules where they are in a rotation
 * or an override meeting the span (an `add` or `replace` puts them on call where no rotation
 * does). At most USER_SHIFTS_MAX shifts, else 422.
 */
export async function shiftsOfUser(db: Db, userId: string, from: number, to: number) {
  const schedules = await schedulesNaming(db, userId, from, to);
  const names = new Map(schedules.map((s) => [s.id, s.name]));
  const shifts: { scheduleId: string; start: number; end: number }[] = [];
  for await (const def of eachDefinition(db, schedules, from, to)) {
    try {
      const steps = shiftsSteps(compileSchedule(def), userId, from, to, USER_SHIFTS_MAX - shifts.length);
      for (const shift of await finishLettingGo(steps)) shifts.push({ scheduleId: def.id, ...shift });
    } catch (error) {
      tooBusy(error);
    }
  }
  const data = byStart(shifts).map((s) => ({
    schedule_id: s.scheduleId,
    schedule_name: names.get(s.scheduleId) ?? '',
    start: s.start,
    end: s.end,
  }));
  return { data, count: data.length };
}
