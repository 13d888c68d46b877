import type { Db } from '../db/database.js';
import type { ScheduleRow, UserRow } from '../db/schema.js';
import { invalidField } from '../errors.js';
import { DAY } from '../oncall/zoneTime.js';
import { checkEndAfterStart, checkedInstant } from '../schedules/validation.js';
import { roleAllows, roleOf } from '../teams/access.js';
import { writeCsv } from './csv.js';
import { HOURS_PERIOD_MAX_DAYS, HOURS_STRETCHES_MAX } from './schema.js';
import { compiledSchedules, stretchesOfSchedule } from './stretches.js';

// The on-call hours export (docs/oncall/calendars.md, "On-call hours"): per person, the time
// on call in one schedule over a period, for on-call pay. Elapsed time between instants, so a
// night over a clock change counts the hours it really lasted (9 in autumn, 7 in spring).

export const HOURS_COLUMNS = [
  'period_start',
  'period_end',
  'schedule_id',
  'schedule',
  'user_id',
  'name',
  'email',
  'hours',
  'shifts',
] as const;

/** `from` < `to`, at most HOURS_PERIOD_MAX_DAYS apart: 422 naming the field otherwise. */
export function checkedPeriod(query: { from: string; to: string }): { from: number; to: number } {
  const from = checkedInstant(query.from, ['query', 'from']);
  const to = checkedInstant(query.to, ['query', 'to']);
  checkEndAfterStart(from, to, ['query', 'to'], 'from');
  if (to - from > HOURS_PERIOD_MAX_DAYS * DAY) throw invalidField(['query', 'to'], `at most ${HOURS_PERIOD_MAX_DAYS} days after from`);
  return { from, to };
}

/** Hours with two decimals, as text a spreadsheet reads as a number. */
const hoursOf = (ms: number) => (ms / 3_600_000).toFixed(2);

/**
 * The CSV of `schedule` over [from, to): a row per person who was on call, by name. A shift
 * across an end of the period counts its part inside. Emails only for who may see them in the
 * directory (the team's admins, superusers); 422 when the period holds more than
 * HOURS_STRETCHES_MAX shifts.
 */
export async function oncallHoursCsv(db: Db, viewer: UserRow, schedule: ScheduleRow, from: number, to: number): Promise<string> {
  const [compiled] = await compiledSchedules(db, [schedule], from, to);
  const { stretches, until } = await stretchesOfSchedule(compiled!, from, to, HOURS_STRETCHES_MAX);
  if (until < to)
    throw invalidField(
      ['query', 'to'],
      `more than ${HOURS_STRETCHES_MAX.toLocaleString('en-US')} shifts between from and to: ask a shorter period`,
    );
  const totals = new Map<string, { ms: number; shifts: number }>();
  for (const s of stretches) {
    const total = totals.get(s.userId) ?? { ms: 0, shifts: 0 };
    total.ms += s.end - s.start;
    total.shifts += 1;
    totals.set(s.userId, total);
  }
  const ids = [...totals.keys()];
  const people = ids.length ? await db.selectFrom('users').select(['id', 'full_name', 'email']).where('id', 'in', ids).execute() : [];
  const seesEmails = viewer.is_superuser || roleAllows(await roleOf(db, viewer, schedule.team_id), 'manage');
  const period = [new Date(from).toISOString(), new Date(to).toISOString()];
  const rows = people
    .map((person) => ({ person, name: person.full_name || 'Unnamed user', total: totals.get(person.id)! }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.person.id.localeCompare(b.person.id))
    .map(({ person, name, total }) => [
      ...period,
      schedule.id,
      schedule.name,
      person.id,
      name,
      seesEmails ? person.email : '',
      hoursOf(total.ms),
      total.shifts,
    ]);
  return writeCsv(HOURS_COLUMNS, rows);
}

/** An attachment's file name: ASCII only, the period's UTC dates. */
export const hoursFileName = (from: number, to: number) =>
  `oncall-hours-${new Date(from).toISOString().slice(0, 10)}-to-${new Date(to).toISOString().slice(0, 10)}.csv`;
