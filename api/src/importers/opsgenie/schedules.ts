import { DateTime } from 'luxon';
import type { ActiveHoursRule } from '../../oncall/activeHours.js';
import { isKnownZone } from '../../oncall/zoneTime.js';
import { ACTIVE_HOURS_RULES_MAX, ROTATION_USERS_MAX } from '../../schedules/schema.js';
import { ImportFailure, type SourceOverride, type SourceRotation, type SourceSchedule } from '../model.js';
import { activeHoursOf, dailySpans, spanBetween, weekMinute } from '../weeklySpans.js';
import type { OgContext } from './context.js';
import type { OgOverride, OgRotation, OgSchedule, OgTimeRestriction } from './shapes.js';

// An Opsgenie schedule: its rotations (hourly, daily, weekly × length) with their time
// restrictions as active hours, and its overrides still to come.

const ISO_DAY = { monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6, sunday: 7 } as const;
const UNIT = { hourly: 'hours', daily: 'days', weekly: 'weeks' } as const;

/**
 * A restriction as active hours. "time-of-day": the same hours every day (an end before the
 * start runs past midnight); "weekday-and-time-of-day": spans from a weekday and time to the
 * next such weekday and time, across midnight and the week's end when they do.
 */
export function restrictionHours(restriction: OgTimeRestriction | undefined, rotation: string): ActiveHoursRule[] {
  if (!restriction) return [];
  if (restriction.type === 'time-of-day') {
    const r = restriction.restriction;
    if (!r) throw new ImportFailure(`rotation "${rotation}": a time-of-day restriction without "restriction"`);
    return activeHoursOf(dailySpans(r.startHour * 60 + r.startMin, r.endHour * 60 + r.endMin));
  }
  const spans = (restriction.restrictions ?? []).map((r) => {
    if (!r.startDay || !r.endDay) throw new ImportFailure(`rotation "${rotation}": a weekday restriction without startDay or endDay`);
    return spanBetween(weekMinute(ISO_DAY[r.startDay], r.startHour, r.startMin), weekMinute(ISO_DAY[r.endDay], r.endHour, r.endMin));
  });
  if (spans.length === 0) throw new ImportFailure(`rotation "${rotation}": a weekday restriction with no restrictions`);
  return activeHoursOf(spans);
}

const day = (iso: string) => iso.slice(0, 10);

function mapRotation(r: OgRotation, index: number, zone: string, ctx: OgContext, notes: string[]): SourceRotation | null {
  const name = r.name ?? `Rotation ${index + 1}`;
  if (r.endDate && Date.parse(r.endDate) <= ctx.now.getTime()) {
    notes.push(`rotation "${name}" ended on ${day(r.endDate)}: left out`);
    return null;
  }
  if (r.endDate) notes.push(`rotation "${name}" ends on ${day(r.endDate)} in Opsgenie; Vigil's rotations do not end: delete it then`);
  const emails: string[] = [];
  let nobody = 0;
  const others = new Set<string>();
  for (const p of r.participants) {
    if (p.type === 'user') emails.push(ctx.emailOf(p, `rotation "${name}"`));
    else if (p.type === 'none') nobody++;
    else others.add(p.type);
  }
  if (nobody > 0)
    notes.push(
      `rotation "${name}": ${nobody} "none" turn${nobody === 1 ? '' : 's'} left out (Vigil's turns are people's): the turns after move up`,
    );
  if (others.size > 0)
    notes.push(`rotation "${name}": ${[...others].join(' and ')} participants left out (Vigil's rotations are of users)`);
  if (emails.length === 0) {
    notes.push(`rotation "${name}" has no user: left out`);
    return null;
  }
  if (emails.length > ROTATION_USERS_MAX)
    throw new ImportFailure(`rotation "${name}" has ${emails.length} turns; Vigil's have at most ${ROTATION_USERS_MAX}`);
  const start = DateTime.fromISO(r.startDate, { setZone: true });
  const activeHours = restrictionHours(r.timeRestriction, name);
  if (activeHours.length > ACTIVE_HOURS_RULES_MAX) {
    throw new ImportFailure(
      `rotation "${name}": its restrictions make ${activeHours.length} active-hours rules; Vigil takes ${ACTIVE_HOURS_RULES_MAX}`,
    );
  }
  return {
    name,
    emails,
    shiftUnit: UNIT[r.type],
    shiftCount: r.length ?? 1,
    handoffTime: start.setZone(zone).toFormat('HH:mm'),
    startsAt: start.toISO() ?? r.startDate,
    activeHours,
  };
}

function mapOverride(o: OgOverride, rotations: Map<string, string>, ctx: OgContext, notes: string[]): SourceOverride | null {
  if (o.user.type !== 'user') {
    notes.push(`override ${o.alias ?? ''} of ${day(o.startDate)} is by a ${o.user.type}, not a user: left out`);
    return null;
  }
  return {
    email: ctx.emailOf(o.user, `override of ${day(o.startDate)}`),
    start: DateTime.fromISO(o.startDate, { setZone: true }).toISO() ?? o.startDate,
    end: DateTime.fromISO(o.endDate, { setZone: true }).toISO() ?? o.endDate,
    alongside: false,
    rotations: (o.rotations ?? []).map((r) => r.name ?? rotations.get(r.id ?? '') ?? '').filter((n) => n !== ''),
  };
}

export function mapSchedule(s: OgSchedule, overrides: OgOverride[], ctx: OgContext): SourceSchedule {
  const out: SourceSchedule = {
    sourceId: s.id,
    name: s.name,
    description: s.description || null,
    timeZone: s.timezone,
    teamRef: ctx.teamRef(s.ownerTeam),
    rotations: [],
    overrides: [],
    notes: [],
  };
  try {
    if (!isKnownZone(s.timezone)) throw new ImportFailure(`unknown time zone ${JSON.stringify(s.timezone)}`);
    if (s.enabled === false)
      out.notes.push('disabled in Opsgenie: imported all the same (a Vigil schedule pages whenever a policy names it)');
    const rotations = s.rotations ?? [];
    out.rotations = rotations.flatMap((r, i) => mapRotation(r, i, s.timezone, ctx, out.notes) ?? []);
    if (rotations.length > 1) {
      out.notes.push(
        `${rotations.length} rotations: Opsgenie's lower rotations give way to higher ones, Vigil's all page at once: check their active hours do not overlap`,
      );
    }
    const names = new Map(rotations.map((r, i) => [r.id ?? '', r.name ?? `Rotation ${i + 1}`]));
    const ended = overrides.filter((o) => Date.parse(o.endDate) <= ctx.now.getTime()).length;
    if (ended > 0) out.notes.push(`${ended} override${ended === 1 ? '' : 's'} already over: left out`);
    out.overrides = overrides
      .filter((o) => Date.parse(o.endDate) > ctx.now.getTime())
      .flatMap((o) => mapOverride(o, names, ctx, out.notes) ?? []);
  } catch (error) {
    if (!(error instanceof ImportFailure)) throw error;
    out.failure = error.message;
  }
  return out;
}
