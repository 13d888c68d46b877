import { Button, Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { type FormEvent, useState } from 'react';
import type { AuditFilters } from './auditLogQuery';

const useStyles = makeStyles({
  form: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
  },
  // Each control fills its cell, however narrow, rather than its own default width.
  control: { width: '100%', minWidth: 0 },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, alignSelf: 'end' },
});

/** Every kind of target the API records (its `target_type` values). */
export const TARGET_TYPES: NonNullable<AuditFilters['target_type']>[] = [
  'user',
  'signin',
  'settings',
  'integration',
  'heartbeat_monitor',
  'escalation_policy',
  'schedule',
  'rotation',
  'override',
  'contact_method',
  'notification_rules',
];

/** The form's fields, as typed: dates are days (the whole day, in the viewer's zone). */
interface Draft {
  action: string;
  target_type: string;
  target_id: string;
  actor: string;
  since: string;
  until: string;
}

const EMPTY: Draft = { action: '', target_type: '', target_id: '', actor: '', since: '', until: '' };

/** A day typed in a date field as the instant it starts, in the viewer's zone; `next` the day after. */
const dayStart = (day: string, next = false) => {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, (d ?? 1) + (next ? 1 : 0)).toISOString();
};

export function filtersOf(draft: Draft): AuditFilters {
  return {
    action: draft.action.trim() || undefined,
    target_type: (draft.target_type || undefined) as AuditFilters['target_type'],
    target_id: draft.target_id.trim() || undefined,
    actor: draft.actor.trim() || undefined,
    since: dayStart(draft.since),
    until: dayStart(draft.until, true),
  };
}

/** The audit log's filters, applied together when the form is sent. */
export function AuditLogFilters({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const styles = useStyles();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const set = (field: keyof Draft) => (_: unknown, data: { value: string }) => setDraft((d) => ({ ...d, [field]: data.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(filtersOf(draft));
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Audit log filters">
      <Field label="Action" hint="e.g. integration.* or user.updated">
        <Input className={styles.control} value={draft.action} onChange={set('action')} maxLength={100} />
      </Field>
      <Field label="Target type">
        <Select className={styles.control} value={draft.target_type} onChange={set('target_type')}>
          <option value="">Any</option>
          {TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Target id">
        <Input className={styles.control} value={draft.target_id} onChange={set('target_id')} maxLength={100} />
      </Field>
      <Field label="Actor id">
        <Input className={styles.control} value={draft.actor} onChange={set('actor')} maxLength={36} />
      </Field>
      <Field label="From">
        <Input className={styles.control} type="date" value={draft.since} onChange={set('since')} />
      </Field>
      <Field label="To">
        <Input className={styles.control} type="date" value={draft.until} onChange={set('until')} />
      </Field>
      <div className={styles.buttons}>
        <Button type="submit" appearance="primary">
          Apply
        </Button>
        <Button
          onClick={() => {
            setDraft(EMPTY);
            onApply({});
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
