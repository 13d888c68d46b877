import {
  Button,
  Caption1,
  Combobox,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Radio,
  RadioGroup,
  ToggleButton,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { MAINTENANCE_LIMITS, type Matcher, removeItem, replaceItem, type ValidatedForm } from '@vigil/shared';
import { useMemo } from 'react';
import { DAYS, type MaintenanceValues, needsValue, OPERATORS } from './maintenanceValues';

/** The zones the browser knows (IANA names); the API checks the one sent. */
const ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  time: { width: '120px' },
  matcher: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    margin: 0,
    padding: tokens.spacingVerticalXS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  field: { width: '150px' },
  operator: { minWidth: '150px' },
});

const toggleDay = (days: number[], day: number) =>
  days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort((a, b) => a - b);

/** The alerts a window silences: none listed is every alert; else all or any of the conditions. */
function MatchersField({ form }: { form: ValidatedForm<MaintenanceValues> }) {
  const styles = useStyles();
  const { matchers, match_mode } = form.values;
  const set = (next: Matcher[]) => form.setValue('matchers', next);
  return (
    <Field
      label="Only alerts that match"
      hint="Fields: title, description, severity, dedup_key, or labels.<name>. No condition: every alert."
      {...form.fieldState('matchers')}
    >
      {matchers.length > 1 && (
        <RadioGroup
          layout="horizontal"
          aria-label="Combine the conditions"
          value={match_mode}
          onChange={(_, data) => form.setValue('match_mode', data.value as MaintenanceValues['match_mode'])}
        >
          <Radio value="all" label="All conditions" />
          <Radio value="any" label="Any condition" />
        </RadioGroup>
      )}
      {matchers.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity of their own
        <fieldset key={i} className={styles.matcher} aria-label={`Condition ${i + 1}`}>
          <Input
            className={styles.field}
            aria-label="Field"
            placeholder="labels.env"
            value={m.field}
            onChange={(_, data) => set(replaceItem(matchers, i, { ...m, field: data.value }))}
          />
          <Dropdown
            className={styles.operator}
            aria-label="Operator"
            value={OPERATORS.find((o) => o.value === m.op)?.label ?? m.op}
            selectedOptions={[m.op]}
            onOptionSelect={(_, data) => set(replaceItem(matchers, i, { ...m, op: data.optionValue as Matcher['op'] }))}
          >
            {OPERATORS.map((o) => (
              <Option key={o.value} value={o.value}>
                {o.label}
              </Option>
            ))}
          </Dropdown>
          {needsValue(m.op) && (
            <Input
              aria-label="Value"
              value={m.value ?? ''}
              maxLength={MAINTENANCE_LIMITS.value}
              onChange={(_, data) => set(replaceItem(matchers, i, { ...m, value: data.value }))}
            />
          )}
          <Button
            size="small"
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={`Remove condition ${i + 1}`}
            onClick={() => set(removeItem(matchers, i))}
          />
        </fieldset>
      ))}
      {matchers.length < MAINTENANCE_LIMITS.matchers && (
        <Button size="small" icon={<AddRegular />} onClick={() => set([...matchers, { field: 'labels.', op: 'equals', value: '' }])}>
          Add condition
        </Button>
      )}
    </Field>
  );
}

/** A one-off window's span on the browser's clock, or a weekly one's days and times in a time zone. */
function TimesFields({ form }: { form: ValidatedForm<MaintenanceValues> }) {
  const styles = useStyles();
  const { kind, days, time_zone: zone } = form.values;
  const zones = useMemo(() => {
    const q = zone.toLowerCase().replaceAll(' ', '_');
    return ZONES.filter((z) => z.toLowerCase().includes(q)).slice(0, 50);
  }, [zone]);
  if (kind === 'one_off') {
    return (
      <div className={styles.row}>
        <Field label="Starts" required {...form.fieldState('starts_at')}>
          <Input type="datetime-local" {...form.field('starts_at')} />
        </Field>
        <Field label="Ends" required hint="At most 30 days after the start." {...form.fieldState('ends_at')}>
          <Input type="datetime-local" {...form.field('ends_at')} />
        </Field>
      </div>
    );
  }
  return (
    <>
      <Field label="Days" required {...form.fieldState('days')}>
        <div className={styles.row}>
          {DAYS.map((day, d) => (
            <ToggleButton
              key={day}
              size="small"
              checked={days.includes(d + 1)}
              onClick={() => form.setValue('days', toggleDay(days, d + 1))}
            >
              {day}
            </ToggleButton>
          ))}
        </div>
      </Field>
      <div className={styles.row}>
        <Field label="From" {...form.fieldState('start_time')}>
          <Input className={styles.time} type="time" {...form.field('start_time')} />
        </Field>
        <Caption1>to</Caption1>
        {/* The end of the day is 24:00 to the API; a time input only knows 00:00 (an end not after the start runs past midnight). */}
        <Field label="To" hint="Before the start: past midnight." {...form.fieldState('end_time')}>
          <Input
            className={styles.time}
            type="time"
            value={form.values.end_time === '24:00' ? '00:00' : form.values.end_time}
            onChange={(_, data) => form.setValue('end_time', data.value === '00:00' ? '24:00' : data.value)}
          />
        </Field>
      </div>
      <Field
        label="Time zone"
        required
        hint="The days and times are read on this zone's clock, across clock changes."
        {...form.fieldState('time_zone')}
      >
        <Combobox
          name="time_zone"
          freeform
          value={zone}
          selectedOptions={[zone]}
          onChange={(event) => form.setValue('time_zone', event.target.value)}
          onOptionSelect={(_, data) => data.optionValue && form.setValue('time_zone', data.optionValue)}
          onBlur={() => form.touch('time_zone')}
        >
          {zones.map((z) => (
            <Option key={z} value={z}>
              {z}
            </Option>
          ))}
        </Combobox>
      </Field>
      <Field label="Last day" hint="Optional: no occurrence starts after this date." {...form.fieldState('ends_on')}>
        <Input type="date" {...form.field('ends_on')} />
      </Field>
    </>
  );
}

/** A new maintenance window: its name, what it covers, when, and which alerts. */
export function MaintenanceForm({ form }: { form: ValidatedForm<MaintenanceValues> }) {
  return (
    <>
      <Field label="Name" required {...form.fieldState('name')}>
        <Input {...form.field('name')} maxLength={MAINTENANCE_LIMITS.name} placeholder="Database upgrade" />
      </Field>
      <Field label="Covers" {...form.fieldState('scope')}>
        <RadioGroup value={form.values.scope} onChange={(_, data) => form.setValue('scope', data.value as MaintenanceValues['scope'])}>
          <Radio value="integration" label="This integration" />
          <Radio value="team" label="Every integration of the team" />
        </RadioGroup>
      </Field>
      <Field label="When">
        <RadioGroup
          layout="horizontal"
          value={form.values.kind}
          onChange={(_, data) => form.setValue('kind', data.value as MaintenanceValues['kind'])}
        >
          <Radio value="one_off" label="Once" />
          <Radio value="weekly" label="Every week" />
        </RadioGroup>
      </Field>
      <TimesFields form={form} />
      <MatchersField form={form} />
    </>
  );
}
