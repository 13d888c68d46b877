import { DAY, isoWeekday, localDayOf, MINUTE, parseClock, resolveWall, type Zone, zoneNamed } from '../oncall/zoneTime.js';

/**
 * When a maintenance window is in progress (docs/oncall/maintenance.md). A one-off window is
 * one span of instants; a weekly one is an occurrence per listed weekday, its wall-clock start
 * and end resolved in the window's zone as schedules' active hours are (oncall/zoneTime.ts:
 * a time the clocks skip lands after the jump, a repeated one is its first occurrence), so
 * "Sundays 01:00–04:00 Europe/Berlin" lasts two hours on the night the clocks go forward and
 * four when they go back. An end not after the start runs past midnight; equal: 24 hours.
 */
export interface WindowTimes {
  kind: 'one_off' | 'weekly';
  time_zone: string;
  starts_at: Date | null;
  ends_at: Date | null;
  days: number[] | null;
  start_time: string | null;
  end_time: string | null;
  /** The last local date an occurrence starts on. */
  ends_on: string | null;
  /** Ended by hand: the occurrence in progress at this instant ended then. */
  ended_at: Date | null;
}

/** A half-open span [start, end), epoch ms. */
export interface Span {
  start: number;
  end: number;
}

/** Where one instant stands: in an occurrence (and until when, counting occurrences that follow without a gap), or not. */
export type Standing = { active: true; start: number; until: number } | { active: false; nextStart: number | null };

export interface CompiledTimes {
  standingAt(ms: number): Standing;
}

/** How far ahead a weekly window looks for its next start, and how far back-to-back occurrences are chained into one silence. */
export const LOOKAHEAD_DAYS = 8;
export const CHAIN_DAYS = 35;
// An occurrence is anchored on its local start day and ends at most the next day; a skipped
// day (Samoa, 2011-12-30) can push it one more: those that can hold an instant start up to
// three local days before it (as oncall/activeHours.ts).
const DAYS_BEFORE = 3;

const epochDayOf = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export const localDateOf = (zoneName: string, ms: number): string =>
  new Date(localDayOf(zoneNamed(zoneName), ms) * DAY).toISOString().slice(0, 10);

/** An occurrence cut short by `ended_at` when that fell inside it. */
function cut(span: Span, endedAt: number | null): Span {
  return endedAt !== null && endedAt >= span.start && endedAt < span.end ? { start: span.start, end: endedAt } : span;
}

function oneOff(times: WindowTimes): CompiledTimes {
  const span = cut({ start: times.starts_at?.getTime() ?? 0, end: times.ends_at?.getTime() ?? 0 }, times.ended_at?.getTime() ?? null);
  return {
    standingAt: (ms) =>
      ms >= span.start && ms < span.end
        ? { active: true, start: span.start, until: span.end }
        : { active: false, nextStart: ms < span.start && span.end > span.start ? span.start : null },
  };
}

function weekly(times: WindowTimes): CompiledTimes {
  const zone: Zone = zoneNamed(times.time_zone);
  const days = new Set(times.days ?? []);
  const startMinute = parseClock(times.start_time ?? '00:00');
  const endMinute = parseClock(times.end_time ?? '24:00', true);
  const endsNextDay = endMinute <= startMinute;
  const lastDay = times.ends_on ? epochDayOf(times.ends_on) : Number.POSITIVE_INFINITY;
  const endedAt = times.ended_at?.getTime() ?? null;

  /** The occurrence starting on local day `day`, if the window has one then (and it is not empty: inside a skipped hour). */
  function occurrenceOn(day: number): Span | null {
    if (day > lastDay || !days.has(isoWeekday(day))) return null;
    const start = resolveWall(zone, day * DAY + startMinute * MINUTE);
    const end = resolveWall(zone, (endsNextDay ? day + 1 : day) * DAY + endMinute * MINUTE);
    const span = cut({ start, end }, endedAt);
    return span.end > span.start ? span : null;
  }

  // The last answer, reused while it holds: the ingest stage asks once per body, and most
  // bodies of a window's integration arrive within one occurrence or one gap.
  let memo: { from: number; to: number; standing: Standing } | undefined;

  function compute(ms: number): { standing: Standing; to: number } {
    const today = localDayOf(zone, ms);
    let containing: Span | null = null;
    for (let day = today - DAYS_BEFORE; day <= today + 1; day++) {
      const span = occurrenceOn(day);
      if (span && span.start <= ms && ms < span.end && (!containing || span.end > containing.end)) containing = span;
    }
    if (containing) {
      // Back-to-back occurrences (Monday to Friday, 00:00–24:00) are one silence.
      let until = containing.end;
      for (let day = localDayOf(zone, until) - 1; day <= today + CHAIN_DAYS; day++) {
        const span = occurrenceOn(day);
        if (span && span.start <= until && span.end > until) until = span.end;
        else if (span && span.start > until) break;
      }
      return { standing: { active: true, start: containing.start, until }, to: containing.end };
    }
    for (let day = today - 1; day <= today + LOOKAHEAD_DAYS; day++) {
      const span = occurrenceOn(day);
      if (span && span.start > ms) return { standing: { active: false, nextStart: span.start }, to: span.start };
    }
    return { standing: { active: false, nextStart: null }, to: ms + (LOOKAHEAD_DAYS - 1) * DAY };
  }

  return {
    standingAt(ms) {
      if (memo && ms >= memo.from && ms < memo.to) return memo.standing;
      const { standing, to } = compute(ms);
      memo = { from: standing.active ? standing.start : ms, to, standing };
      return standing;
    },
  };
}

/** A window's times, compiled once (zone and clocks read); the fields were checked when stored. */
export function compileTimes(times: WindowTimes): CompiledTimes {
  return times.kind === 'one_off' ? oneOff(times) : weekly(times);
}
