import type { MaintenanceKind, MaintenanceWindowRow } from '../db/schema.js';
import { InvalidInput, invalidField } from '../errors.js';
import { type Matcher, type MatchMode, matcherIssues } from '../ingest/matchers.js';
import { DAY } from '../oncall/zoneTime.js';
import { checkEndAfterStart, checkedInstant, checkedZone } from '../schedules/validation.js';
import { localDateOf } from './occurrences.js';
import { ONE_OFF_MAX_DAYS, STARTS_WITHIN_DAYS } from './schema.js';

// What the schemas cannot check, checked before anything is written: each failure a 422 item
// naming its field. A window's times as given (create) or as they would be after a change.

/** A window's plan as a body gives it: every field optional but the kind. */
export interface PlanInput {
  time_zone?: string;
  kind: MaintenanceKind;
  starts_at?: string;
  ends_at?: string;
  days?: number[];
  start_time?: string;
  end_time?: string;
  ends_on?: string | null;
  match_mode?: MatchMode;
  matchers?: Matcher[];
}

/** The stored columns of a plan. */
export type Plan = Pick<
  MaintenanceWindowRow,
  'time_zone' | 'kind' | 'starts_at' | 'ends_at' | 'days' | 'start_time' | 'end_time' | 'ends_on' | 'match_mode'
> & { matchers: Matcher[] };

const ONE_OFF_FIELDS = ['starts_at', 'ends_at'] as const;
const WEEKLY_FIELDS = ['days', 'start_time', 'end_time', 'ends_on'] as const;

const missing = (field: string) => new InvalidInput([{ loc: ['body', field], msg: 'Field required', type: 'missing' }]);

/** A real calendar date ('2027-02-30' is refused). */
function checkedDate(value: string, loc: (string | number)[]): string {
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== value) throw invalidField(loc, `not a date: ${value}`);
  return value;
}

/**
 * The plan to store, or a 422 naming the first field at fault. `timesChanged`: the body names
 * the times (a create, or a change of them): only then must they lie ahead of `now`, so a past
 * window can still be renamed.
 */
export function checkedPlan(input: PlanInput, now: number, timesChanged: boolean): Plan {
  const time_zone = checkedZone(input.time_zone ?? 'UTC');
  const matchers = input.matchers ?? [];
  const issues = matcherIssues(matchers, ['body', 'matchers']);
  if (issues.length > 0) throw new InvalidInput(issues);
  const common = { time_zone, kind: input.kind, match_mode: input.match_mode ?? 'all', matchers };
  const kindFields = input.kind === 'one_off' ? WEEKLY_FIELDS : ONE_OFF_FIELDS;
  for (const field of kindFields) {
    if (input[field] !== undefined && input[field] !== null) throw invalidField(['body', field], `not for a ${input.kind} window`);
  }
  if (input.kind === 'one_off') {
    if (input.starts_at === undefined) throw missing('starts_at');
    if (input.ends_at === undefined) throw missing('ends_at');
    const start = checkedInstant(input.starts_at, ['body', 'starts_at']);
    const end = checkedInstant(input.ends_at, ['body', 'ends_at']);
    checkEndAfterStart(start, end, ['body', 'ends_at'], 'starts_at');
    if (end - start > ONE_OFF_MAX_DAYS * DAY) throw invalidField(['body', 'ends_at'], `at most ${ONE_OFF_MAX_DAYS} days after starts_at`);
    if (timesChanged && end <= now)
      throw invalidField(['body', 'ends_at'], 'must be in the future: a window already over silences nothing');
    if (timesChanged && start > now + STARTS_WITHIN_DAYS * DAY) {
      throw invalidField(['body', 'starts_at'], `at most ${STARTS_WITHIN_DAYS} days from now`);
    }
    const none = { days: null, start_time: null, end_time: null, ends_on: null };
    return { ...common, ...none, starts_at: new Date(start), ends_at: new Date(end) };
  }
  if (input.days === undefined) throw missing('days');
  if (input.start_time === undefined) throw missing('start_time');
  if (input.end_time === undefined) throw missing('end_time');
  const ends_on = input.ends_on ? checkedDate(input.ends_on, ['body', 'ends_on']) : null;
  if (timesChanged && ends_on !== null && ends_on < localDateOf(time_zone, now)) {
    throw invalidField(['body', 'ends_on'], 'must not be before today in the time zone');
  }
  const days = [...input.days].sort((a, b) => a - b);
  return { ...common, starts_at: null, ends_at: null, days, start_time: input.start_time, end_time: input.end_time, ends_on };
}

/** The plan of a stored window, as a body would give it (a change is merged into it, then checked whole). */
export function planInputOf(row: MaintenanceWindowRow): PlanInput {
  return {
    time_zone: row.time_zone,
    kind: row.kind,
    ...(row.starts_at && { starts_at: row.starts_at.toISOString() }),
    ...(row.ends_at && { ends_at: row.ends_at.toISOString() }),
    ...(row.days && { days: row.days }),
    ...(row.start_time && { start_time: row.start_time }),
    ...(row.end_time && { end_time: row.end_time }),
    ends_on: row.ends_on,
    match_mode: row.match_mode,
    matchers: row.matchers as Matcher[],
  };
}

/** A stored plan with a change merged in: a new kind drops the old kind's times. */
export function mergedPlan(row: MaintenanceWindowRow, patch: Partial<PlanInput>): PlanInput {
  const current = planInputOf(row);
  if (patch.kind && patch.kind !== row.kind) {
    for (const field of [...ONE_OFF_FIELDS, ...WEEKLY_FIELDS]) delete current[field];
  }
  const merged: PlanInput = { ...current };
  for (const [key, value] of Object.entries(patch)) if (value !== undefined) (merged as unknown as Record<string, unknown>)[key] = value;
  return merged;
}
