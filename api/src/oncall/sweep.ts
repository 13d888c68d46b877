import { compileProgram, type Program } from './overrideProgram.js';
import type { CompiledOverride } from './overrides.js';
import type { MemberSpan } from './rotation.js';
import { OverrideEdges, RotationBoundaries } from './sweepEdges.js';

// One pass over a range of time. Every rotation's on-call spans are merged in time order (a
// heap of the rotations' next boundaries), a count per person says when someone joins or
// leaves the union, and the set is recomputed only there or where an override starts or ends.
// The overrides in force are compiled each time that list changes (overrideProgram.ts), so a
// change of the union costs the rotations, not the overrides. Cost: O(boundaries · log
// rotations + changes · rotations + override edges · overrides), whatever the span.

/** The on-call set at an instant of a sweep: people as numbers in sorted order of their ids. */
export interface SweepSet {
  /** Whether the person numbered `person` (see `personOf`) is on call. */
  has(person: number): boolean;
  /** The user ids, sorted. */
  userIds(): string[];
}

/** Called with the set at `from`, then at each instant where it differs from the one before. */
export type SegmentVisitor = (start: number, set: SweepSet) => boolean | undefined;

export interface Sweep {
  /** The number of a user id in this sweep's sets, or -1 when nobody names them in the range. */
  personOf(userId: string): number;
  /** Runs [from, to) through `visit`, which answers false to stop there. */
  run(visit: SegmentVisitor): void;
}

/**
 * A sweep of [from, to). `rotations`: each rotation's spans, sorted, disjoint, within the range,
 * neighbours of one person merged (CompiledRotation.onCallSpans); `overrides`: in the order they
 * apply (compileOverrides); those not meeting the range are passed over.
 */
export function sweepOf(
  from: number,
  to: number,
  rotations: readonly (readonly MemberSpan[])[],
  overrides: readonly CompiledOverride[],
): Sweep {
  const meeting = overrides.filter((o) => o.end > from && o.start < to);
  // People as small integers, numbered in sorted order: a set sorted by number reads sorted.
  const names = new Set<string>();
  for (const spans of rotations) for (const span of spans) names.add(span.userId);
  for (const { def } of meeting) {
    names.add(def.userId);
    if (def.replacesUserId) names.add(def.replacesUserId);
  }
  const ids = [...names].sort();
  const numbers = new Map(ids.map((id, i) => [id, i]));
  return {
    personOf: (userId) => numbers.get(userId) ?? -1,
    run: (visit) => {
      if (to > from) run(from, to, rotations, meeting, ids, numbers, visit);
    },
  };
}

function run(
  from: number,
  to: number,
  rotations: readonly (readonly MemberSpan[])[],
  meeting: readonly CompiledOverride[],
  ids: readonly string[],
  numbers: ReadonlyMap<string, number>,
  visit: SegmentVisitor,
): void {
  const people = ids.length;
  const spanPerson = rotations.map((spans) => Int32Array.from(spans, (s) => numbers.get(s.userId) as number));
  const boundaries = new RotationBoundaries(rotations);
  const edges = new OverrideEdges(meeting);

  const onShift = new Int32Array(people); // how many rotations have each person on call
  const member = new Int32Array(rotations.length).fill(-1); // each rotation's person now, or -1
  const mark = new Int32Array(people);
  let stamp = 0;
  let program: Program | null = null;
  // The set last visited: the people the union leads to, and those always on (disjoint, sorted).
  let last: number[] | null = null;
  let lastConstant: readonly number[] = [];

  for (let t = from; t < to; t = Math.min(boundaries.next(), edges.next())) {
    let changed = false;
    // Each rotation whose boundary is at t: its member now (a span starting at t, or nobody).
    while (boundaries.next() === t) {
      const r = boundaries.rotation();
      const index = boundaries.advance();
      const span = (rotations[r] as readonly MemberSpan[])[index];
      const now = span && span.start <= t && t < span.end ? ((spanPerson[r] as Int32Array)[index] as number) : -1;
      const before = member[r] as number;
      if (now === before) continue;
      member[r] = now;
      if (before >= 0 && --(onShift[before] as number) === 0) changed = true;
      if (now >= 0 && (onShift[now] as number)++ === 0) changed = true;
    }
    const reprogrammed = edges.advanceTo(t) || program === null;
    if (reprogrammed) program = compileProgram(edges.inForce(), numbers, people);
    if (!changed && !reprogrammed) continue;
    const { flow, always, constant } = program as Program;

    // The people the union's members lead to through the overrides, less those always on.
    stamp++;
    const variable: number[] = [];
    for (let r = 0; r < member.length; r++) {
      const p = member[r] as number;
      const q = p < 0 ? -1 : (flow[p] as number);
      if (q >= 0 && always[q] === 0 && mark[q] !== stamp) {
        mark[q] = stamp;
        insertSorted(variable, q);
      }
    }
    // Under one program a person is always on or not, so the people led to tell a change;
    // under a new one the two sets are compared whole.
    const same =
      last !== null && (reprogrammed ? sameList(joined(last, lastConstant), joined(variable, constant)) : sameList(last, variable));
    last = variable;
    lastConstant = constant;
    if (!same && visit(t, new SetOfPeople(variable, constant, ids)) === false) return;
  }
}

function insertSorted(list: number[], p: number): void {
  let i = list.length;
  list.push(p);
  for (; i > 0 && (list[i - 1] as number) > p; i--) list[i] = list[i - 1] as number;
  list[i] = p;
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const joined = (a: readonly number[], b: readonly number[]) => [...a, ...b].sort((x, y) => x - y);

/** Two sorted, disjoint lists of people: those on through the rotations, those always on. */
class SetOfPeople implements SweepSet {
  constructor(
    private readonly variable: readonly number[],
    private readonly constant: readonly number[],
    private readonly ids: readonly string[],
  ) {}

  has(p: number): boolean {
    return p >= 0 && (contains(this.variable, p) || contains(this.constant, p));
  }

  userIds(): string[] {
    const { variable, constant, ids } = this;
    const out: string[] = [];
    let i = 0;
    let j = 0;
    while (i < variable.length || j < constant.length) {
      const a = i < variable.length ? (variable[i] as number) : Number.POSITIVE_INFINITY;
      const b = j < constant.length ? (constant[j] as number) : Number.POSITIVE_INFINITY;
      if (a < b) i++;
      else j++;
      out.push(ids[Math.min(a, b)] as string);
    }
    return out;
  }
}

/** Binary search of a sorted list. */
function contains(list: readonly number[], p: number): boolean {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as number) < p) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length && list[lo] === p;
}
