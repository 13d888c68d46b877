import { DateTime } from 'luxon';
import type { ActiveHoursRule } from '../../oncall/activeHours.js';
import { isKnownZone } from '../../oncall/zoneTime.js';
import { ACTIVE_HOURS_RULES_MAX, ROTATION_USERS_MAX } from '../../schedules/schema.js';
import { ImportFailure, type SourceRotation, type SourceSchedule } from '../model.js';
import { activeHoursOf, DAY_MINUTES, dailySpans, WEEK_MINUTES, type WeekSpan } from '../weeklySpans.js';
import type { OcContext } from './context.js';
import type { OcSchedule, OcShift } from './shapes.js';

// A Grafana OnCall schedule (web or calendar; an iCal one cannot be imported): its shifts.
// rolling_users and recurrent_event shifts become rotations (one per person of a group: Vigil's
// turns are single people), a shift shorter than its period or masked to some weekdays active
// hours; override shifts become overrides, single events one-off additions.

const ISO_OF = { MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6, SU: 7 } as const;
const UNIT = { hourly: 'hours', daily: 'days', weekly: 'weeks' } as const;
const PERIOD_MINUTES = { hourly: 60, daily: DAY_MINUTES, weekly: WEEK_MINUTES } as const;

const mod = (n: number, m: number) => ((n % m) + m) % m;

/** The shift's local start as an instant: in its own zone, else the schedule's (OnCall's default). */
const startOf = (shift: OcShift, zone: string, at = shift.start) => DateTime.fromISO(at, { zone: shift.time_zone || zone });

/**
 * When the shift is on within each week, in the schedule's zone: its start's time for its
 * duration, on its weekdays (`by_day`, else every day for a daily shift, else its start's).
 */
function shiftHours(shift: OcShift, freq: keyof typeof UNIT, interval: number, zone: string): ActiveHoursRule[] {
  const period = PERIOD_MINUTES[freq] * interval;
  const length = Math.round(shift.duration / 60);
  const masked = freq === 'daily' && shift.by_day && shift.by_day.length < 7;
  if (length >= period && !masked) return [];
  if (freq === 'hourly' || interval > 1) {
    throw new ImportFailure(
      `shift "${shift.name}": on ${Math.round(length / 60)} h of every ${interval} ${UNIT[freq]}: not the same every week, so no active hours say it`,
    );
  }
  const own = startOf(shift, zone);
  const local = own.setZone(zone);
  // The schedule's zone may put the start on another weekday than the shift's own.
  const dayShift = mod(local.weekday - own.weekday + 1, 7) - 1;
  const minute = local.hour * 60 + local.minute;
  const days = (shift.by_day ?? []).map((d) => mod(ISO_OF[d] - 1 + dayShift, 7) + 1);
  let spans: WeekSpan[];
  if (freq === 'daily') spans = dailySpans(minute, minute + Math.min(length, DAY_MINUTES), days.length > 0 ? days : undefined);
  else
    spans = (days.length > 0 ? days : [local.weekday]).map((d) => ({
      start: (d - 1) * DAY_MINUTES + minute,
      length: Math.min(length, WEEK_MINUTES),
    }));
  return activeHoursOf(spans);
}

function rotationsOf(shift: OcShift, zone: string, ctx: OcContext, notes: string[]): SourceRotation[] {
  const name = shift.name || shift.id;
  const freq = shift.frequency;
  if (!freq) throw new ImportFailure(`shift "${name}" repeats without a frequency`);
  if (freq === 'monthly')
    throw new ImportFailure(`shift "${name}" hands off monthly: Vigil's rotations hand off after hours, days or weeks`);
  if (shift.by_monthday?.length || shift.by_month?.length)
    throw new ImportFailure(`shift "${name}" is limited to days of the month: no Vigil equivalent`);
  if (shift.until) {
    const until = startOf(shift, zone, shift.until);
    if (until.toMillis() <= ctx.now.getTime()) {
      notes.push(`shift "${name}" ended on ${until.toISODate()}: left out`);
      return [];
    }
    notes.push(`shift "${name}" ends on ${until.toISODate()} in OnCall; Vigil's rotations do not end: delete it then`);
  }
  const interval = shift.interval ?? 1;
  const groups = shift.type === 'recurrent_event' ? [shift.users ?? []] : (shift.rolling_users ?? []);
  const from = shift.start_rotation_from_user_index ?? 0;
  const ordered = [...groups.slice(from), ...groups.slice(0, from)].filter((g) => g.length > 0);
  if (ordered.length === 0) {
    notes.push(`shift "${name}" has nobody on it: left out`);
    return [];
  }
  const width = Math.max(...ordered.map((g) => g.length));
  if (width > 1 && ordered.some((g) => g.length !== width)) {
    throw new ImportFailure(
      `shift "${name}": groups of ${ordered.map((g) => g.length).join(', ')} people cannot be split into rotations of one person a turn`,
    );
  }
  if (ordered.length > ROTATION_USERS_MAX)
    throw new ImportFailure(`shift "${name}" has ${ordered.length} turns; Vigil's rotations have at most ${ROTATION_USERS_MAX}`);
  if (width > 1) notes.push(`shift "${name}": groups of ${width} on call together become ${width} rotations side by side`);
  if (freq === 'daily' && shift.by_day && shift.by_day.length < 7 && ordered.length > 1) {
    notes.push(`shift "${name}": Vigil's turns pass on every day, masked or not: the order on its weekdays can differ from OnCall's`);
  }
  const start = startOf(shift, zone);
  if (shift.time_zone && shift.time_zone !== zone) {
    notes.push(`shift "${name}" is in ${shift.time_zone}: its times are the schedule's (${zone}) as of ${start.toISODate()}`);
  }
  const activeHours = shiftHours(shift, freq, interval, zone);
  if (activeHours.length > ACTIVE_HOURS_RULES_MAX)
    throw new ImportFailure(`shift "${name}" makes ${activeHours.length} active-hours rules; Vigil takes ${ACTIVE_HOURS_RULES_MAX}`);
  return Array.from({ length: width }, (_, i) => ({
    name: width > 1 ? `${name} (${i + 1})` : name,
    emails: ordered.map((g) => ctx.emailOf(g[i] as string, `shift "${name}"`)),
    shiftUnit: UNIT[freq],
    shiftCount: interval,
    handoffTime: start.setZone(zone).toFormat('HH:mm'),
    startsAt: start.toISO() ?? shift.start,
    activeHours,
  }));
}

export function mapSchedule(s: OcSchedule, shifts: Map<string, OcShift>, ctx: OcContext): SourceSchedule {
  const zone = s.time_zone || 'UTC';
  const out: SourceSchedule = {
    sourceId: s.id,
    name: s.name,
    description: null,
    timeZone: zone,
    teamRef: ctx.teamRef(s.team_id),
    rotations: [],
    overrides: [],
    notes: [],
  };
  try {
    if (s.type === 'ical') throw new ImportFailure('an iCal schedule: Vigil reads no calendar feeds; recreate its pattern as rotations');
    if (!isKnownZone(zone)) throw new ImportFailure(`unknown time zone ${JSON.stringify(zone)}`);
    if (s.ical_url_overrides) out.notes.push('its iCal overrides calendar is not read: add those overrides in Vigil');
    const own = (s.shifts ?? []).map((id) => {
      const shift = shifts.get(id);
      if (!shift) throw new ImportFailure(`shift ${id} is not among OnCall's shifts`);
      return shift;
    });
    for (const shift of own) {
      const end = startOf(shift, zone).plus({ seconds: shift.duration });
      if (shift.type === 'override' || shift.type === 'single_event') {
        if (end.toMillis() <= ctx.now.getTime()) continue;
        for (const user of shift.users ?? []) {
          out.overrides.push({
            email: ctx.emailOf(user, `shift "${shift.name}"`),
            start: startOf(shift, zone).toISO() ?? shift.start,
            end: end.toISO() ?? shift.start,
            alongside: shift.type === 'single_event',
            rotations: [],
          });
        }
      } else {
        out.rotations.push(...rotationsOf(shift, zone, ctx, out.notes));
      }
    }
    const levels = new Set(own.filter((sh) => sh.type === 'rolling_users' || sh.type === 'recurrent_event').map((sh) => sh.level ?? 0));
    if (levels.size > 1)
      out.notes.push(
        "layers of several levels: OnCall's higher level hides the lower, Vigil's rotations all page at once: check their active hours do not overlap",
      );
  } catch (error) {
    if (!(error instanceof ImportFailure)) throw error;
    out.failure = error.message;
  }
  return out;
}
