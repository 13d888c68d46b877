import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { InvalidInput, invalidField, type ValidationIssue } from '../errors.js';
import { DAY, isKnownZone, toMs } from '../oncall/zoneTime.js';
import { SPAN_MAX_DAYS } from './schema.js';

// What the schemas cannot check, checked before anything is written: each failure a 422 item
// naming its field, worded as a pydantic value error.

type Loc = (string | number)[];

/** The zone as Intl names it ('europe/berlin' → 'Europe/Berlin', 'US/Eastern' → 'America/New_York'). */
export function checkedZone(name: string, loc: Loc = ['body', 'time_zone']): string {
  if (!isKnownZone(name)) throw invalidField(loc, `unknown IANA time zone: ${JSON.stringify(name)}`);
  return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
}

/**
 * Epoch ms of an ISO-8601 instant with its offset. The schema's `date-time` already refused
 * most bad ones; this is the arithmetic's own reading (oncall/zoneTime.ts), stricter (a
 * lower-case `t`, a leap second, a year before 100 are refused), so nothing it refuses is stored.
 */
export function checkedInstant(value: string, loc: Loc): number {
  try {
    return toMs(value);
  } catch {
    throw invalidField(loc, `not an ISO-8601 date-time with an offset: ${JSON.stringify(value.slice(0, 40))}`);
  }
}

/** An end after its start: the end's field is named. */
export function checkEndAfterStart(start: number, end: number, endLoc: Loc, startName: string): void {
  if (!(end > start)) throw invalidField(endLoc, `must be after ${startName}`);
}

/** `from` < `to`, at most SPAN_MAX_DAYS apart (a timeline, a user's shifts). */
export function checkedSpan(query: { from: string; to: string }): { from: number; to: number } {
  const from = checkedInstant(query.from, ['query', 'from']);
  const to = checkedInstant(query.to, ['query', 'to']);
  checkEndAfterStart(from, to, ['query', 'to'], 'from');
  if (to - from > SPAN_MAX_DAYS * DAY) throw invalidField(['query', 'to'], `at most ${SPAN_MAX_DAYS} days after from`);
  return { from, to };
}

/**
 * Every id names a member of the team (docs/api/teams.md: a team pages only its own people);
 * each other one is an item at its own place (`['body', 'user_ids', 2]`), worded the same for
 * an unknown user and a stranger's, so nobody learns who exists. Deactivated members are
 * accepted: they may be activated again, and the schedule keeps its shape.
 */
export async function checkTeamMembers(db: Kysely<Database>, teamId: string, ids: { loc: Loc; id: string }[]): Promise<void> {
  const wanted = [...new Set(ids.map(({ id }) => id))];
  if (wanted.length === 0) return;
  const found = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('user_id', 'in', wanted)
    .execute();
  const known = new Set(found.map((row) => row.user_id));
  const issues: ValidationIssue[] = ids
    .filter(({ id }) => !known.has(id))
    .map(({ loc }) => ({ loc, msg: 'Value error, no member of the team with this id', type: 'value_error' }));
  if (issues.length > 0) throw new InvalidInput(issues);
}
