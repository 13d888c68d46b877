import { type Instant, toMs } from './zoneTime.js';

// Overrides change a schedule's on-call set over a span, on top of its rotations.

export type OverrideKind = 'replace' | 'add' | 'remove';

export interface OverrideDef {
  id: string;
  kind: OverrideKind;
  /** The person put on call (replace, add) or taken off call (remove). */
  userId: string;
  /** replace only: the person whose time `userId` takes over. */
  replacesUserId?: string | null;
  /** The span [start, end); empty when end <= start. */
  start: Instant;
  end: Instant;
  /** Overrides apply in the order they were made: a later one acts on the earlier ones' result. */
  createdAt: Instant;
}

export interface CompiledOverride {
  readonly def: OverrideDef;
  readonly start: number;
  readonly end: number;
  readonly createdAt: number;
}

/** The overrides in the order they apply (made earlier first; ties by id), empty spans left out. */
export function compileOverrides(defs: readonly OverrideDef[]): CompiledOverride[] {
  const compiled = defs.map((def) => {
    if (!['replace', 'add', 'remove'].includes(def.kind)) throw new RangeError(`unknown override kind: ${def.kind}`);
    if (def.kind === 'replace' && !def.replacesUserId) throw new RangeError(`override ${def.id}: replace needs replacesUserId`);
    return { def, start: toMs(def.start), end: toMs(def.end), createdAt: toMs(def.createdAt) };
  });
  return compiled
    .filter((o) => o.end > o.start)
    .sort((a, b) => a.createdAt - b.createdAt || (a.def.id < b.def.id ? -1 : a.def.id > b.def.id ? 1 : 0));
}

/** Applies, in order, the overrides whose span holds `ms` to an on-call set (changed in place). */
export function applyOverrides(onCall: Set<string>, overrides: readonly CompiledOverride[], ms: number): void {
  for (const { def, start, end } of overrides) {
    if (ms < start || ms >= end) continue;
    if (def.kind === 'add') onCall.add(def.userId);
    else if (def.kind === 'remove') onCall.delete(def.userId);
    else if (def.replacesUserId && onCall.delete(def.replacesUserId)) onCall.add(def.userId);
  }
}
