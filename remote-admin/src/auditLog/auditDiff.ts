/** One field of an audited record: its value before and after the change, and whether it moved. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

/** What an absent record or field is shown as. */
export const ABSENT = '—';

const shown = (record: Record<string, unknown> | null, field: string): string => {
  if (!record || !(field in record)) return ABSENT;
  const value = record[field];
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/**
 * The fields of an entry's before and after, side by side: every field either has, in the order
 * they first appear, the changed ones first. An entry with neither (a key issued) has none.
 */
export function auditDiff(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const rows = fields.map((field) => {
    const was = shown(before, field);
    const is = shown(after, field);
    return { field, before: was, after: is, changed: was !== is };
  });
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}
