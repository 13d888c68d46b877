import type { CompiledOverride } from './overrides.js';
import type { MemberSpan } from './rotation.js';

// The instants a sweep (sweep.ts) visits, in time order: the rotations' span starts and ends,
// merged from each rotation's own sorted list, and the overrides' starts and ends.

/** The rotations' span boundaries in time order: a binary heap of each rotation's next one. */
export class RotationBoundaries {
  private readonly heap: number[] = []; // rotation numbers, by their next boundary
  /** Per rotation: span k's start at 2k, its end at 2k + 1. */
  private readonly times: Float64Array[];
  private readonly position: Int32Array;

  constructor(rotations: readonly (readonly MemberSpan[])[]) {
    this.times = rotations.map((spans) => {
      const times = new Float64Array(2 * spans.length);
      spans.forEach((span, k) => {
        times[2 * k] = span.start;
        times[2 * k + 1] = span.end;
      });
      return times;
    });
    this.position = new Int32Array(rotations.length);
    rotations.forEach((spans, r) => {
      if (spans.length > 0) this.push(r);
    });
  }

  private at(r: number): number {
    return (this.times[r] as Float64Array)[this.position[r] as number] as number;
  }

  /** The earliest boundary not yet passed (Infinity: none). */
  next(): number {
    return this.heap.length === 0 ? Number.POSITIVE_INFINITY : this.at(this.heap[0] as number);
  }

  /** The rotation of that boundary. */
  rotation(): number {
    return this.heap[0] as number;
  }

  /** Passes it; answers the index of the span the rotation is in or before now. */
  advance(): number {
    const r = this.heap[0] as number;
    const k = (this.position[r] as number) + 1;
    this.position[r] = k;
    if (k < (this.times[r] as Float64Array).length) this.down(0);
    else {
      const last = this.heap.pop() as number;
      if (this.heap.length > 0) {
        this.heap[0] = last;
        this.down(0);
      }
    }
    return k >> 1;
  }

  private push(r: number): void {
    const heap = this.heap;
    heap.push(r);
    let i = heap.length - 1;
    const time = this.at(r);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.at(heap[parent] as number) <= time) break;
      heap[i] = heap[parent] as number;
      i = parent;
    }
    heap[i] = r;
  }

  private down(i: number): void {
    const heap = this.heap;
    const r = heap[i] as number;
    const time = this.at(r);
    for (;;) {
      let child = 2 * i + 1;
      if (child >= heap.length) break;
      if (child + 1 < heap.length && this.at(heap[child + 1] as number) < this.at(heap[child] as number)) child++;
      if (this.at(heap[child] as number) >= time) break;
      heap[i] = heap[child] as number;
      i = child;
    }
    heap[i] = r;
  }
}

/** The overrides' starts and ends in time order, and which are in force. */
export class OverrideEdges {
  private readonly starts: number[];
  private readonly ends: number[];
  private started = 0;
  private ended = 0;
  private readonly holding: Uint8Array;

  constructor(private readonly overrides: readonly CompiledOverride[]) {
    const order = overrides.map((_, k) => k);
    this.starts = [...order].sort((a, b) => (overrides[a] as CompiledOverride).start - (overrides[b] as CompiledOverride).start);
    this.ends = order.sort((a, b) => (overrides[a] as CompiledOverride).end - (overrides[b] as CompiledOverride).end);
    this.holding = new Uint8Array(overrides.length);
  }

  next(): number {
    const start =
      this.started < this.starts.length ? (this.overrides[this.starts[this.started] as number] as CompiledOverride).start : Infinity;
    const end = this.ended < this.ends.length ? (this.overrides[this.ends[this.ended] as number] as CompiledOverride).end : Infinity;
    return Math.min(start, end);
  }

  /** Passes every start and end at or before t; true when the overrides in force changed. */
  advanceTo(t: number): boolean {
    let changed = false;
    for (; this.started < this.starts.length; this.started++) {
      const k = this.starts[this.started] as number;
      if ((this.overrides[k] as CompiledOverride).start > t) break;
      this.holding[k] = 1;
      changed = true;
    }
    for (; this.ended < this.ends.length; this.ended++) {
      const k = this.ends[this.ended] as number;
      if ((this.overrides[k] as CompiledOverride).end > t) break;
      this.holding[k] = 0;
      changed = true;
    }
    return changed;
  }

  /** The overrides in force, in the order they apply. */
  inForce(): CompiledOverride[] {
    return this.overrides.filter((_, k) => this.holding[k] === 1);
  }
}
