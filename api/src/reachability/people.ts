import type { Db } from '../db/database.js';
import type { EscalationLevel } from '../db/schema.js';

/**
 * Everyone a set of schedules can put on call from `now` on: their rotations' members, and the
 * people of overrides that add or replace and have not ended. (A `remove` override's person is
 * still a rotation member, so counted there.)
 */
export async function peopleOfSchedules(db: Db, scheduleIds: readonly string[], now: Date): Promise<string[]> {
  if (scheduleIds.length === 0) return [];
  const [members, overrides] = await Promise.all([
    db
      .selectFrom('schedule_rotation_members as rm')
      .innerJoin('schedule_rotations as r', 'r.id', 'rm.rotation_id')
      .select('rm.user_id')
      .distinct()
      .where('r.schedule_id', 'in', scheduleIds)
      .execute(),
    db
      .selectFrom('schedule_overrides')
      .select('user_id')
      .distinct()
      .where('schedule_id', 'in', scheduleIds)
      .where('kind', 'in', ['add', 'replace'])
      .where('ends_at', '>', now)
      .execute(),
  ]);
  return [...new Set([...members, ...overrides].map((row) => row.user_id))];
}

/** Everyone a policy's levels reach: the people it names and those its schedules can put on call. */
export async function peopleOfPolicy(db: Db, levels: readonly EscalationLevel[], now: Date): Promise<string[]> {
  const named = levels.flatMap((level) => level.targets.user_ids);
  const scheduleIds = [...new Set(levels.flatMap((level) => level.targets.schedule_ids))];
  return [...new Set([...named, ...(await peopleOfSchedules(db, scheduleIds, now))])];
}
