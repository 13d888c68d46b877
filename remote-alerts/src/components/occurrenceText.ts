import type { AlertOccurrencePublic } from '@vigil/shared';

/** An occurrence's labels as one line, `name=value` in name order (JSON objects from the database come in another). */
export const labelsText = (labels: AlertOccurrencePublic['labels']): string =>
  Object.entries(labels)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join(', ') || '—';

/**
 * What the list says above its rows: which of how many alerts it shows and how many fire, and
 * the triggers the alert counted when there were more (a sender resending a firing alert, or
 * alerts past the 1,000 it lists).
 */
export function occurrencesCaption(page: { count: number; firing: number }, pageIndex: number, pageSize: number, triggers: number): string {
  const noun = page.count === 1 ? 'alert' : 'alerts';
  const from = pageIndex * pageSize + 1;
  const to = Math.min(page.count, (pageIndex + 1) * pageSize);
  const range = page.count > pageSize ? `${from}–${to} of ${page.count} ${noun}` : `${page.count} ${noun}`;
  const counted = triggers > page.count ? ` · ${triggers} triggers counted` : '';
  return `${range}, ${page.firing} firing${counted}`;
}
