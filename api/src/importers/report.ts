// The importer's output: one line per source object (✓ with what became of it, ✗ with why
// not), its notes indented under it, the keys it was given (once, on creation), a summary.

export type Outcome = 'matched' | 'created' | 'updated' | 'unchanged' | 'skipped' | 'failed';

export interface ResultLine {
  kind: string;
  name: string;
  outcome: Outcome;
  id?: string;
  /** What it holds ("2 rotations, 1 override"), or why it was skipped. */
  detail?: string;
  reason?: string;
  notes: string[];
  /** Shown once, under the line (an ingest key, a ping URL): apply only. */
  secrets: string[];
}

const PLANNED: Record<Outcome, string> = {
  matched: 'matched',
  created: 'would be created',
  updated: 'would be updated',
  unchanged: 'unchanged',
  skipped: 'skipped',
  failed: 'failed',
};

export function formatLine(line: ResultLine, plan: boolean): string[] {
  const head =
    line.outcome === 'failed'
      ? `✗ ${line.kind} "${line.name}": ${line.reason}`
      : `✓ ${line.kind} "${line.name}" → ${plan ? PLANNED[line.outcome] : line.outcome}${line.id && !(plan && line.outcome === 'created') ? ` (id ${line.id})` : ''}${line.detail ? `, ${line.detail}` : ''}`;
  return [head, ...line.notes.map((note) => `    · ${note}`), ...line.secrets.map((secret) => `    ${secret}`)];
}

export function summaryOf(lines: ResultLine[], plan: boolean): string[] {
  const count = (outcome: Outcome) => lines.filter((l) => l.outcome === outcome).length;
  const parts = (['matched', 'created', 'updated', 'unchanged', 'skipped', 'failed'] as const)
    .filter((o) => count(o) > 0)
    .map((o) => `${count(o)} ${plan ? PLANNED[o] : o}`);
  const out = [`${plan ? 'Plan' : 'Applied'}: ${lines.length} objects${parts.length ? `: ${parts.join(', ')}` : ''}.`];
  if (plan) out.push('Nothing was written. Run again with --apply to write it.');
  else if (lines.some((l) => l.secrets.length > 0)) out.push('The keys above are shown once: give them to the senders now.');
  if (count('failed') > 0) out.push('Fix what the ✗ lines say and run again: what was imported is kept, and only what changed is written.');
  return out;
}
