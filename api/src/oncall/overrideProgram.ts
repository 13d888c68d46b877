import type { CompiledOverride } from './overrides.js';

// The overrides in force over a stretch of time, applied in their order (overrides.ts), folded
// into one mapping from the rotations' union to the on-call set, so the sweep (sweep.ts) pays
// for them when they start or end, not at every change of the union.
//
// Each person of the union leads to at most one person on call: `replace A → B` hands A's
// presence (and whoever led to A) on to B, `add B` puts B on whatever the union is, `remove A`
// and an add of A drop whoever led to A. So the result is {flow[p] : p in the union} plus the
// people always on, less nobody: computed in the size of the union.

export interface Program {
  /** Whom each person's presence in the union puts on call: themself, someone else, or nobody (-1). */
  readonly flow: Int32Array;
  /** 1 for the people on call whatever the union. */
  readonly always: Uint8Array;
  /** Those people, sorted. */
  readonly constant: readonly number[];
}

/** `overrides` in the order they apply, every person named numbered by `numbers` (below `people`). */
export function compileProgram(overrides: readonly CompiledOverride[], numbers: ReadonlyMap<string, number>, people: number): Program {
  const flow = new Int32Array(people);
  for (let p = 0; p < people; p++) flow[p] = p;
  const always = new Uint8Array(people);
  // Who leads to a person, for the people an override touched (the others: themselves alone).
  const leadTo = new Map<number, number[]>();
  const leading = (x: number): number[] => {
    let list = leadTo.get(x);
    if (!list) {
      list = flow[x] === x ? [x] : [];
      leadTo.set(x, list);
    }
    return list;
  };
  const drop = (x: number) => {
    for (const p of leading(x)) flow[p] = -1;
    leadTo.set(x, []);
  };

  for (const { def } of overrides) {
    const user = numbers.get(def.userId) as number;
    if (def.kind === 'add') {
      drop(user);
      always[user] = 1;
    } else if (def.kind === 'remove') {
      drop(user);
      always[user] = 0;
    } else {
      const replaced = numbers.get(def.replacesUserId as string) as number;
      if (replaced === user) continue; // takes a person off and puts them back
      if (always[replaced] === 1) {
        always[replaced] = 0;
        drop(user);
        always[user] = 1;
      } else if (always[user] === 1) {
        drop(replaced);
      } else {
        const moved = leading(replaced);
        const into = leading(user);
        for (const p of moved) {
          flow[p] = user;
          into.push(p);
        }
        leadTo.set(replaced, []);
      }
    }
  }
  const constant: number[] = [];
  for (let p = 0; p < people; p++) if (always[p] === 1) constant.push(p);
  return { flow, always, constant };
}
