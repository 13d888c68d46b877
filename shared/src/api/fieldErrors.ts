import { ApiError } from './errors';

/**
 * A 422's items by place: `["body","levels",0,"targets","user_ids",1]` → key
 * `levels.0.targets.user_ids` (the item's index dropped: the field holds the whole list), so a
 * form shows each message at its field. An item about the whole body (`["body"]`, a count cap)
 * has no field and is left out. Empty for any other error (that one is a toast).
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const detail = (error.body as { detail?: unknown } | undefined)?.detail;
  if (!Array.isArray(detail)) return {};
  const out: Record<string, string> = {};
  for (const item of detail as { loc?: unknown[]; msg?: string }[]) {
    const loc = (item.loc ?? []).filter((part, i) => !(i === 0 && part === 'body'));
    if (loc.length === 0) continue;
    // A target list's item index is dropped: the message belongs to the list's picker.
    const key = (loc.length >= 5 && loc[2] === 'targets' && typeof loc.at(-1) === 'number' ? loc.slice(0, -1) : loc).join('.');
    if (!(key in out) && item.msg) out[key] = item.msg;
  }
  return out;
}

/** Whether `fieldErrors` placed every item at one of `known` keys (else the first is also a toast). */
export const allPlaced = (errors: Record<string, string>, known: (key: string) => boolean) => Object.keys(errors).every(known);
