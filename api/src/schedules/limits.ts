import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { invalidField } from '../errors.js';

// How much one user and one schedule may hold (docs/api/limits.md).
// Beside the schema's own caps (members per rotation, active-hours rules), these bound
// what "who is on call", the timeline and a user's shifts compute (api/src/oncall/sweep.ts), as
// GoAlert's limits do (10 rotations or users per schedule, 200 overrides). Past one: a 422 whose
// `loc` is `["body"]`, the thing that would have been added.

/** A schedule's rotations are layers of its on-call set: a handful, not hundreds. */
export const ROTATIONS_PER_SCHEDULE_MAX = 20;
/** Overrides per schedule, ended ones included; an ended one gives way to a new one. */
export const OVERRIDES_PER_SCHEDULE_MAX = 200;
/** Schedules one user owns; superusers, who administer everyone's, are not counted. */
export const SCHEDULES_PER_USER_MAX = 100;

export const tooManyRotations = `A schedule has at most ${ROTATIONS_PER_SCHEDULE_MAX} rotations`;
export const tooManyOverrides = `A schedule has at most ${OVERRIDES_PER_SCHEDULE_MAX} overrides that have not ended`;
export const tooManySchedules = `A user owns at most ${SCHEDULES_PER_USER_MAX} schedules`;

/** The 422 of a count cap: names the body, the thing that would have been added. */
export const overCap = (message: string) => invalidField(['body'], message);

/**
 * Room for one more override in a schedule (its row locked by the caller): at the cap, the
 * overrides that ended first are deleted, as many as it takes; when too few have ended, 422.
 * History is kept as long as there is room: a timeline of the past shows the overrides of then.
 */
export async function makeRoomForOverride(db: Db, scheduleId: string, now: Date): Promise<void> {
  const { count } = await db
    .selectFrom('schedule_overrides')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirstOrThrow();
  const excess = Number(count) - OVERRIDES_PER_SCHEDULE_MAX + 1;
  if (excess <= 0) return;
  const ended = await db
    .selectFrom('schedule_overrides')
    .select('id')
    .where('schedule_id', '=', scheduleId)
    .where('ends_at', '<=', now)
    .orderBy('ends_at')
    .orderBy('created_at')
    .limit(excess)
    .execute();
  if (ended.length < excess) throw overCap(tooManyOverrides);
  await db
    .deleteFrom('schedule_overrides')
    .where(
      'id',
      'in',
      ended.map((o) => o.id),
    )
    .execute();
}

/** Room for one more schedule owned by `owner`; creations by one owner are serialized on their row. */
export async function checkRoomForSchedule(db: Db, owner: UserRow): Promise<void> {
  if (owner.is_superuser) return;
  await sql`SELECT id FROM users WHERE id = ${owner.id} FOR NO KEY UPDATE`.execute(db);
  const { count } = await db
    .selectFrom('schedules')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('owner_id', '=', owner.id)
    .executeTakeFirstOrThrow();
  if (Number(count) >= SCHEDULES_PER_USER_MAX) throw overCap(tooManySchedules);
}
