import { OVERRIDES_PER_SCHEDULE_MAX, ROTATIONS_PER_SCHEDULE_MAX } from '../../src/schedules/limits.js';
import { ACTIVE_HOURS_RULES_MAX, ROTATION_USERS_MAX } from '../../src/schedules/schema.js';
import type { ScheduleFixture } from './scheduleFixtures.js';

/**
 * The costliest schedule a user can store at the caps (api/src/schedules/limits.ts, schema.ts),
 * for `npm run bench:oncall` and api/test/schedules/schedulesWorstCase.test.ts. Two people, `a` and `b`:
 *
 * - 2 rotations keep each of them on call for good (one person, no active hours);
 * - 18 rotations of 100 members (a, b, a, b…) hand off every hour, each with 20 active-hours
 *   rules of 20 minutes every 72 minutes, shifted a minute per rotation: every one of them
 *   starts or ends something about 50 times a day, and none of it changes who is on call;
 * - 200 overrides: 199 adds of a or b (on call already: no change) of 5 hours every 10 hours,
 *   so the overrides in force change 398 times, and, made last, one removal of b for an hour
 *   80 days ahead: the only change of the set within the 90 days "next" looks.
 *
 * So "next" sweeps all 90 days (~90,000 boundaries) to find one change, a 90-day timeline is
 * three segments, and each of a's and b's shifts sweeps every rotation.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const PLANTED_CHANGE_DAYS = 80;

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** The instant the fixture's only change happens, for a `nowMs` on a whole minute. */
export const plantedChangeAt = (nowMs: number) => nowMs + PLANTED_CHANGE_DAYS * DAY;

export function worstCaseFixture(a: string, b: string, nowMs: number, name = 'Worst case at the caps'): ScheduleFixture {
  if (nowMs % MINUTE !== 0) throw new Error('worstCaseFixture: now on a whole minute');
  const since = nowMs - 30 * DAY - (nowMs % HOUR);
  const alone = (userId: string, n: number) => ({
    name: `Always ${n}`,
    user_ids: [userId],
    shift_unit: 'weeks' as const,
    shift_count: 1,
    starts_at: iso(since),
  });
  const rotations: ScheduleFixture['rotations'] = [alone(a, 1), alone(b, 2)];
  for (let r = rotations.length; r < ROTATIONS_PER_SCHEDULE_MAX; r++) {
    rotations.push({
      name: `Hourly ${r}`,
      user_ids: Array.from({ length: ROTATION_USERS_MAX }, (_, i) => (i % 2 === 0 ? a : b)),
      shift_unit: 'hours',
      shift_count: 1,
      starts_at: iso(since + r * MINUTE),
      active_hours: Array.from({ length: ACTIVE_HOURS_RULES_MAX }, (_, i) => ({
        days: [1, 2, 3, 4, 5, 6, 7],
        start: clock(i * 72 + r),
        end: clock(i * 72 + r + 20),
      })),
    });
  }
  const overrides: ScheduleFixture['overrides'] = [];
  for (let k = 0; k < OVERRIDES_PER_SCHEDULE_MAX - 1; k++) {
    const starts = nowMs + k * 10 * HOUR + HOUR;
    overrides.push({ kind: 'add', user_id: k % 2 === 0 ? a : b, starts_at: iso(starts), ends_at: iso(starts + 5 * HOUR) });
  }
  const planted = plantedChangeAt(nowMs);
  overrides.push({ kind: 'remove', user_id: b, starts_at: iso(planted), ends_at: iso(planted + HOUR) });
  return { schedule: { name, time_zone: 'Europe/Berlin' }, rotations, overrides };
}
