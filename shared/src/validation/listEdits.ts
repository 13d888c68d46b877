// The edits of a form's list field (a rotation's people, a policy's levels, notification rules):
// each answers a new array and leaves the one given alone, as React state wants.

/** `list` with the item at `index` moved `by` places (-1: up); an edit past either end changes nothing. */
export function moveItem<T>(list: readonly T[], index: number, by: number): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(index, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** `list` with the item at `index` replaced by `item`. */
export const replaceItem = <T>(list: readonly T[], index: number, item: T): T[] => list.map((other, i) => (i === index ? item : other));

/** `list` without the item at `index`. */
export const removeItem = <T>(list: readonly T[], index: number): T[] => list.filter((_, i) => i !== index);
