import { Dropdown, Field, Input, makeStyles, Option, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { type OverrideCreate, type OverrideKind, useUserNames, type ValidatedForm, type Validators } from '@vigil/shared';
import { PersonPicker } from '../components/PersonPicker';
import { fromLocalInput, toLocalInput } from '../timeline/zonedTime';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, '& > *': { flex: '1 1 180px' } },
});

const KINDS: { value: OverrideKind; label: string }[] = [
  { value: 'replace', label: 'Replace someone' },
  { value: 'add', label: 'Add someone' },
  { value: 'remove', label: 'Take someone off' },
];
const HOUR = 3_600_000;

/** An override as edited: the span as datetime-local inputs' values in the schedule's zone; '' for no one picked. */
export interface OverrideValues {
  kind: OverrideKind;
  user_id: string;
  replaces_user_id: string;
  starts_at: string;
  ends_at: string;
}

/** A new override: the next eight hours from the next full hour. */
export function newOverrideValues(zone: string): OverrideValues {
  const start = Math.ceil(Date.now() / HOUR) * HOUR;
  return {
    kind: 'replace',
    user_id: '',
    replaces_user_id: '',
    starts_at: toLocalInput(start, zone),
    ends_at: toLocalInput(start + 8 * HOUR, zone),
  };
}

export const overrideRules = (zone: string): Validators<OverrideValues> => ({
  user_id: (v) => (v ? undefined : 'Choose a person'),
  replaces_user_id: (v, values) => (values.kind !== 'replace' || v ? undefined : 'Choose whom they replace'),
  starts_at: (v) => (fromLocalInput(v, zone) ? undefined : 'A date and time is required'),
  ends_at: (v, values) => {
    const endsAt = fromLocalInput(v, zone);
    const startsAt = fromLocalInput(values.starts_at, zone);
    if (!endsAt) return 'A date and time is required';
    return startsAt && endsAt <= startsAt ? 'The end must be after the start' : undefined;
  },
});

/** Valid values as the API takes them (the span read on the schedule's clock). */
export const overrideBody = (values: OverrideValues, zone: string): OverrideCreate => ({
  kind: values.kind,
  user_id: values.user_id,
  replaces_user_id: values.kind === 'replace' ? values.replaces_user_id : null,
  starts_at: fromLocalInput(values.starts_at, zone)!,
  ends_at: fromLocalInput(values.ends_at, zone)!,
});

/** Replace, add or take off a person for a span. `people`: the rotations' members, whom a replacement or a removal names. */
export function OverrideForm({ form, people }: { form: ValidatedForm<OverrideValues>; people: string[] }) {
  const styles = useStyles();
  const { values } = form;
  const { nameOf } = useUserNames([...people, values.user_id, values.replaces_user_id].filter(Boolean));
  const personDropdown = (label: string, key: 'user_id' | 'replaces_user_id') => (
    <Dropdown
      aria-label={label}
      placeholder="Choose a person"
      value={values[key] ? nameOf(values[key]) : ''}
      selectedOptions={values[key] ? [values[key]] : []}
      onOptionSelect={(_, d) => d.optionValue && form.setValue(key, d.optionValue)}
    >
      {people.map((id) => (
        <Option key={id} value={id}>
          {nameOf(id)}
        </Option>
      ))}
    </Dropdown>
  );
  return (
    <>
      <Field label="Kind">
        <RadioGroup value={values.kind} onChange={(_, d) => form.setValue('kind', d.value as OverrideKind)} layout="horizontal">
          {KINDS.map((k) => (
            <Radio key={k.value} value={k.value} label={k.label} />
          ))}
        </RadioGroup>
      </Field>
      <Field label={values.kind === 'remove' ? 'Who is taken off' : 'Who is on call'} required {...form.fieldState('user_id')}>
        {values.kind === 'remove' ? (
          personDropdown('Person', 'user_id')
        ) : (
          <PersonPicker
            label="Person"
            placeholder="Choose a person: type a name"
            value={values.user_id ? nameOf(values.user_id) : ''}
            onPick={(user) => form.setValue('user_id', user.id)}
          />
        )}
      </Field>
      {values.kind === 'replace' && (
        <Field label="Instead of" required {...form.fieldState('replaces_user_id')}>
          {personDropdown('Instead of', 'replaces_user_id')}
        </Field>
      )}
      <div className={styles.row}>
        <Field label="From" required {...form.fieldState('starts_at')}>
          <Input {...form.field('starts_at')} type="datetime-local" />
        </Field>
        <Field label="Until" required {...form.fieldState('ends_at')}>
          <Input {...form.field('ends_at')} type="datetime-local" />
        </Field>
      </div>
    </>
  );
}
