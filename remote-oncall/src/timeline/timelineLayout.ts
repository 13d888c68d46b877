import { zonedMidnights } from './zonedTime';

// The timeline picture's geometry, computed apart from its drawing (unit-tested): one lane per
// person on call in the span, their time as bars placed in percent of the span, overrides as
// bars of their own lane, a line at each midnight where the schedule is, and the now-marker.

export interface SegmentInput {
  start: string;
  end: string;
  user_ids: string[];
}

export interface OverrideInput {
  id: string;
  kind: 'replace' | 'add' | 'remove';
  user_id: string;
  replaces_user_id?: string | null;
  starts_at: string;
  ends_at: string;
}

/** A stretch of time placed on the span: `left` and `width` in percent of it. */
export interface Placed {
  start: number;
  end: number;
  left: number;
  width: number;
}

export interface Lane {
  userId: string;
  /** Index into the palette: the person's place in `people`, so they keep their colour across views. */
  colour: number;
  bars: Placed[];
}

export interface OverrideBar extends Placed {
  id: string;
  kind: OverrideInput['kind'];
  userId: string;
  replacesUserId: string | null;
}

export interface TimelineLayout {
  from: number;
  to: number;
  lanes: Lane[];
  overrides: OverrideBar[];
  /** When no one is on call. */
  gaps: Placed[];
  /** Midnights in the schedule's zone. */
  days: { at: number; left: number }[];
  /** Where now is, in percent; null when now is outside the span. */
  now: number | null;
}

export interface LayoutInput {
  from: number;
  to: number;
  now: number;
  timeZone: string;
  segments: SegmentInput[];
  overrides?: OverrideInput[];
  /** Everyone the schedule names, in the order colours are given (rotation members first). */
  people?: string[];
  /** How many colours the palette has. */
  paletteSize?: number;
}

const clampTo = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export function layoutTimeline(input: LayoutInput): TimelineLayout {
  const { from, to, now, timeZone, segments, overrides = [], people = [], paletteSize = 8 } = input;
  if (!(to > from)) throw new RangeError('the span must end after it starts');
  const span = to - from;
  const place = (start: number, end: number): Placed | null => {
    const s = clampTo(start, from, to);
    const e = clampTo(end, from, to);
    if (e <= s) return null;
    return { start: s, end: e, left: ((s - from) / span) * 100, width: ((e - s) / span) * 100 };
  };

  // Each person's time, adjacent segments joined: the API cuts a segment wherever anyone's
  // on-call changes, so someone on call through a colleague's hand-off is one bar, not two.
  const byUser = new Map<string, Placed[]>();
  const gaps: Placed[] = [];
  const sorted = [...segments].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const segment of sorted) {
    const placed = place(Date.parse(segment.start), Date.parse(segment.end));
    if (!placed) continue;
    if (segment.user_ids.length === 0) gaps.push(placed);
    for (const userId of segment.user_ids) {
      const bars = byUser.get(userId) ?? [];
      const last = bars.at(-1);
      if (last && last.end === placed.start) {
        last.end = placed.end;
        last.width = ((last.end - last.start) / span) * 100;
      } else {
        bars.push({ ...placed });
      }
      byUser.set(userId, bars);
    }
  }

  const order = [...people];
  for (const userId of byUser.keys()) if (!order.includes(userId)) order.push(userId);
  const lanes = order
    .filter((userId) => byUser.has(userId))
    .map((userId) => ({ userId, colour: order.indexOf(userId) % paletteSize, bars: byUser.get(userId) ?? [] }));

  const overrideBars: OverrideBar[] = [];
  for (const o of overrides) {
    const placed = place(Date.parse(o.starts_at), Date.parse(o.ends_at));
    if (placed) overrideBars.push({ ...placed, id: o.id, kind: o.kind, userId: o.user_id, replacesUserId: o.replaces_user_id ?? null });
  }
  overrideBars.sort((a, b) => a.start - b.start);

  return {
    from,
    to,
    lanes,
    overrides: overrideBars,
    gaps,
    days: zonedMidnights(from, to, timeZone).map((at) => ({ at, left: ((at - from) / span) * 100 })),
    now: now >= from && now <= to ? ((now - from) / span) * 100 : null,
  };
}
