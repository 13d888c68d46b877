import { Dropdown, Field, Input, makeStyles, Option, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { FormDialog, type OverrideKind, type ScheduleDetail, useCreateOverride, useNotify, useUserNames } from '@vigil/shared';
import { useEffect, useState } from 'react';
import { fromLocalInput, toLocalInput } from '../timeline/zonedTime';
import { PersonPicker } from './PersonPicker';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, '& > *': { flex: '1 1 180px' } },
});

const KINDS: { value: OverrideKind; label: string }[] = [
  { value: 'replace', label: 'Replace someone' },
  { value: 'add', label: 'Add someone' },
  { value: 'remove', label: 'Take someone off' },
];

/** Replace, add or take off a person for a span. */
export function OverrideFormDialog({
  open,
  schedule,
  people,
  onClose,
}: {
  open: boolean;
  schedule: ScheduleDetail;
  /** The rotations' members: whom a replacement or a removal names. */
  people: string[];
  onClose: () => void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const create = useCreateOverride();
  const zone = schedule.time_zone;
  const hour = 3_600_000;
  const blank = () => {
    const start = Math.ceil(Date.now() / hour) * hour;
    return {
      kind: 'replace' as OverrideKind,
      userId: '',
      replacesUserId: '',
      startsAt: toLocalInput(start, zone),
      endsAt: toLocalInput(start + 8 * hour, zone),
    };
  };
  const [form, setForm] = useState(blank);
  const [submitted, setSubmitted] = useState(false);
  const { nameOf } = useUserNames([...people, form.userId, form.replacesUserId].filter(Boolean));
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening
  useEffect(() => {
    if (open) {
      setForm(blank());
      setSubmitted(false);
    }
  }, [open]);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const startsAt = fromLocalInput(form.startsAt, zone);
  const endsAt = fromLocalInput(form.endsAt, zone);
  const errors = {
    userId: form.userId ? undefined : 'Choose a person',
    replacesUserId: form.kind !== 'replace' || form.replacesUserId ? undefined : 'Choose whom they replace',
    startsAt: startsAt ? undefined : 'A date and time is required',
    endsAt: !endsAt ? 'A date and time is required' : startsAt && endsAt <= startsAt ? 'The end must be after the start' : undefined,
  };
  const show = (key: keyof typeof errors) =>
    submitted && errors[key] ? { validationMessage: errors[key], validationState: 'error' as const } : {};
  const personOptions = (ids: string[]) =>
    ids.map((id) => (
      <Option key={id} value={id}>
        {nameOf(id)}
      </Option>
    ));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(errors).some(Boolean) || !startsAt || !endsAt) return;
    create.mutate(
      {
        scheduleId: schedule.id,
        body: {
          kind: form.kind,
          user_id: form.userId,
          replaces_user_id: form.kind === 'replace' ? form.replacesUserId : null,
          starts_at: startsAt,
          ends_at: endsAt,
        },
      },
      {
        onSuccess: () => {
          notify.success('The override was created successfully');
          onClose();
        },
        onError: (error) => notify.error(error),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title="Add Override"
      description={`For a span, on ${zone}'s clock.`}
      saving={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Kind">
        <RadioGroup value={form.kind} onChange={(_, d) => set('kind', d.value as OverrideKind)} layout="horizontal">
          {KINDS.map((k) => (
            <Radio key={k.value} value={k.value} label={k.label} />
          ))}
        </RadioGroup>
      </Field>
      <Field label={form.kind === 'remove' ? 'Who is taken off' : 'Who is on call'} required {...show('userId')}>
        {form.kind === 'remove' ? (
          <Dropdown
            aria-label="Person"
            placeholder="Choose a person"
            value={form.userId ? nameOf(form.userId) : ''}
            selectedOptions={form.userId ? [form.userId] : []}
            onOptionSelect={(_, d) => d.optionValue && set('userId', d.optionValue)}
          >
            {personOptions(people)}
          </Dropdown>
        ) : (
          <PersonPicker
            label="Person"
            placeholder="Choose a person: type a name"
            value={form.userId ? nameOf(form.userId) : ''}
            onPick={(user) => set('userId', user.id)}
          />
        )}
      </Field>
      {form.kind === 'replace' && (
        <Field label="Instead of" required {...show('replacesUserId')}>
          <Dropdown
            aria-label="Instead of"
            placeholder="Choose a person"
            value={form.replacesUserId ? nameOf(form.replacesUserId) : ''}
            selectedOptions={form.replacesUserId ? [form.replacesUserId] : []}
            onOptionSelect={(_, d) => d.optionValue && set('replacesUserId', d.optionValue)}
          >
            {personOptions(people)}
          </Dropdown>
        </Field>
      )}
      <div className={styles.row}>
        <Field label="From" required {...show('startsAt')}>
          <Input name="starts_at" type="datetime-local" value={form.startsAt} onChange={(_, d) => set('startsAt', d.value)} />
        </Field>
        <Field label="Until" required {...show('endsAt')}>
          <Input name="ends_at" type="datetime-local" value={form.endsAt} onChange={(_, d) => set('endsAt', d.value)} />
        </Field>
      </div>
    </FormDialog>
  );
}
