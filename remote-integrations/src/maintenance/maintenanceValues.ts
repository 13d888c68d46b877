import type { MaintenanceWindowCreate, Matcher, Validators } from '@vigil/shared';

export const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
export const OPERATORS: { value: Matcher['op']; label: string }[] = [
  { value: 'equals', label: 'equals' },
  { value: 'not_equals', label: 'does not equal' },
  { value: 'regex', label: 'matches regex' },
  { value: 'not_regex', label: 'does not match regex' },
  { value: 'exists', label: 'is set' },
  { value: 'not_exists', label: 'is not set' },
];
export const needsValue = (op: Matcher['op']) => op !== 'exists' && op !== 'not_exists';

export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * A new window as edited. A one-off's start and end are datetime-local values on the
 * browser's clock; a weekly window's days and times are read in `time_zone`.
 */
export interface MaintenanceValues {
  name: string;
  /** `integration`: this integration only; `team`: every integration of its team. */
  scope: 'integration' | 'team';
  kind: 'one_off' | 'weekly';
  starts_at: string;
  ends_at: string;
  time_zone: string;
  days: number[];
  start_time: string;
  end_time: string;
  ends_on: string;
  match_mode: 'all' | 'any';
  matchers: Matcher[];
}

/** 'YYYY-MM-DDTHH:mm' of an instant on the browser's clock (a datetime-local input's value). */
export function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const instant = (value: string) => (value ? new Date(value).getTime() : Number.NaN);

/** From now for two hours, this integration only, every alert. */
export const newMaintenanceValues = (now = Date.now()): MaintenanceValues => ({
  name: '',
  scope: 'integration',
  kind: 'one_off',
  starts_at: localInput(now),
  ends_at: localInput(now + 2 * 3_600_000),
  time_zone: browserZone(),
  days: [7],
  start_time: '01:00',
  end_time: '04:00',
  ends_on: '',
  match_mode: 'all',
  matchers: [],
});

export const maintenanceRules: Validators<MaintenanceValues> = {
  name: (v) => (v.trim() ? undefined : 'Name is required'),
  starts_at: (v, all) => (all.kind === 'one_off' && Number.isNaN(instant(v)) ? 'A date and time is required' : undefined),
  ends_at: (v, all) => {
    if (all.kind !== 'one_off') return undefined;
    if (Number.isNaN(instant(v))) return 'A date and time is required';
    return instant(v) > instant(all.starts_at) ? undefined : 'Must be after the start';
  },
  time_zone: (v) => (v.trim() ? undefined : 'Time zone is required'),
  days: (v, all) => (all.kind === 'weekly' && v.length === 0 ? 'Pick at least one day' : undefined),
  matchers: (v) =>
    v.some((m) => !m.field.trim() || (needsValue(m.op) && !m.value)) ? 'Each condition needs a field and a value' : undefined,
};

/** The request body: only the chosen kind's fields, the scope as `integration_id` (null: the whole team). */
export function maintenanceBody(values: MaintenanceValues, integrationId: string, teamId: string): MaintenanceWindowCreate {
  const matchers = values.matchers.map((m) => ({ field: m.field.trim(), op: m.op, ...(needsValue(m.op) && { value: m.value ?? '' }) }));
  const common = {
    name: values.name.trim(),
    team_id: teamId,
    integration_id: values.scope === 'integration' ? integrationId : null,
    match_mode: values.match_mode,
    matchers,
  };
  if (values.kind === 'one_off') {
    return {
      ...common,
      kind: 'one_off',
      time_zone: browserZone(),
      starts_at: new Date(values.starts_at).toISOString(),
      ends_at: new Date(values.ends_at).toISOString(),
    };
  }
  return {
    ...common,
    kind: 'weekly',
    time_zone: values.time_zone.trim(),
    days: values.days,
    start_time: values.start_time,
    end_time: values.end_time,
    ends_on: values.ends_on || null,
  };
}
