import {
  Button,
  Caption1,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  SpinButton,
  Text,
  ToggleButton,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular, DismissRegular } from '@fluentui/react-icons';
import {
  type ActiveHoursRule,
  FormDialog,
  type RotationPublic,
  type ScheduleDetail,
  type ShiftUnit,
  useCreateRotation,
  useNotify,
  useUpdateRotation,
  useUserNames,
} from '@vigil/shared';
import { useEffect, useState } from 'react';
import { joinNames } from '../format';
import { fromLocalInput, startOfZonedDay, toLocalInput } from '../timeline/zonedTime';
import { PersonPicker } from './PersonPicker';

const UNITS: { value: ShiftUnit; one: string; many: string }[] = [
  { value: 'hours', one: 'hour', many: 'hours' },
  { value: 'days', one: 'day', many: 'days' },
  { value: 'weeks', one: 'week', many: 'weeks' },
];
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** "Every week, hand-off at 09:00; Mon–Fri 09:00–17:00". */
export function describeRotation(r: Pick<RotationPublic, 'shift_unit' | 'shift_count' | 'handoff_time' | 'active_hours'>): string {
  const unit = UNITS.find((u) => u.value === r.shift_unit)!;
  const every = r.shift_count === 1 ? `Every ${unit.one}` : `Every ${r.shift_count} ${unit.many}`;
  const handoff = r.shift_unit === 'hours' ? '' : `, hand-off at ${r.handoff_time}`;
  const hours = r.active_hours.length
    ? `; ${r.active_hours.map((rule) => `${joinNames(rule.days.map((d) => DAYS[d - 1]!))} ${rule.start}–${rule.end}`).join('; ')}`
    : '; always active';
  return `${every}${handoff}${hours}`;
}

const useStyles = makeStyles({
  members: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, margin: 0, padding: 0, listStyleType: 'none' },
  member: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  memberName: { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, '& > *': { flex: '1 1 140px' } },
  rule: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    margin: 0,
    padding: tokens.spacingVerticalXS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  time: { width: '110px' },
});

interface Form {
  name: string;
  userIds: string[];
  unit: ShiftUnit;
  count: number;
  handoff: string;
  startsAt: string;
  activeHours: ActiveHoursRule[];
}

/** Add or edit a rotation: people in turn, shift length, hand-off time, start, and active hours. */
export function RotationFormDialog({
  open,
  schedule,
  rotation,
  onClose,
}: {
  open: boolean;
  schedule: ScheduleDetail;
  rotation: RotationPublic | null;
  onClose: () => void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const create = useCreateRotation();
  const update = useUpdateRotation();
  const zone = schedule.time_zone;
  const blank = (): Form => ({
    name: rotation?.name ?? '',
    userIds: rotation?.user_ids ?? [],
    unit: rotation?.shift_unit ?? 'weeks',
    count: rotation?.shift_count ?? 1,
    handoff: rotation?.handoff_time ?? '09:00',
    startsAt: toLocalInput(rotation ? Date.parse(rotation.starts_at) : startOfZonedDay(Date.now(), zone) + 9 * 3_600_000, zone),
    activeHours: rotation?.active_hours ?? [],
  });
  const [form, setForm] = useState<Form>(blank);
  const [submitted, setSubmitted] = useState(false);
  const { nameOf } = useUserNames(form.userIds);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening, with the rotation opened
  useEffect(() => {
    if (open) {
      setForm(blank());
      setSubmitted(false);
    }
  }, [open, rotation]);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const startsAt = fromLocalInput(form.startsAt, zone);
  const errors = {
    name: form.name.trim() ? undefined : 'Name is required',
    userIds: form.userIds.length ? undefined : 'Add at least one person',
    count: Number.isInteger(form.count) && form.count >= 1 && form.count <= 1000 ? undefined : 'From 1 to 1000',
    startsAt: startsAt ? undefined : 'A date and time is required',
    activeHours: form.activeHours.some((r) => r.days.length === 0) ? 'Each rule needs at least one day' : undefined,
  };
  const show = (key: keyof typeof errors) =>
    submitted && errors[key] ? { validationMessage: errors[key], validationState: 'error' as const } : {};
  const move = (index: number, by: number) =>
    setForm((f) => {
      const ids = [...f.userIds];
      const [id] = ids.splice(index, 1);
      ids.splice(index + by, 0, id!);
      return { ...f, userIds: ids };
    });
  const setRule = (index: number, rule: ActiveHoursRule) =>
    set(
      'activeHours',
      form.activeHours.map((r, i) => (i === index ? rule : r)),
    );

  const saving = create.isPending || update.isPending;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(errors).some(Boolean) || !startsAt) return;
    const body = {
      name: form.name.trim(),
      user_ids: form.userIds,
      shift_unit: form.unit,
      shift_count: form.count,
      handoff_time: form.handoff,
      starts_at: startsAt,
      active_hours: form.activeHours,
    };
    const done = {
      onSuccess: () => {
        notify.success(rotation ? 'The rotation was updated successfully' : 'The rotation was created successfully');
        onClose();
      },
      onError: (error: Error) => notify.error(error),
    };
    if (rotation) update.mutate({ scheduleId: schedule.id, rotationId: rotation.id, body }, done);
    else create.mutate({ scheduleId: schedule.id, body }, done);
  };

  return (
    <FormDialog
      open={open}
      title={rotation ? 'Edit Rotation' : 'Add Rotation'}
      description={`People take turns in this order. Times are ${zone}'s.`}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Name" required {...show('name')}>
        <Input name="name" value={form.name} maxLength={255} onChange={(_, d) => set('name', d.value)} />
      </Field>
      <Field label="People, in turn" required {...show('userIds')}>
        <ol className={styles.members} aria-label="People in turn">
          {form.userIds.map((id, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same person may take several turns
            <li key={`${id}-${i}`} className={styles.member}>
              <Text className={styles.memberName}>
                {i + 1}. {nameOf(id)}
              </Text>
              <Button
                size="small"
                appearance="subtle"
                icon={<ArrowUpRegular />}
                aria-label={`Move ${nameOf(id)} up`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              />
              <Button
                size="small"
                appearance="subtle"
                icon={<ArrowDownRegular />}
                aria-label={`Move ${nameOf(id)} down`}
                disabled={i === form.userIds.length - 1}
                onClick={() => move(i, 1)}
              />
              <Button
                size="small"
                appearance="subtle"
                icon={<DismissRegular />}
                aria-label={`Remove ${nameOf(id)}`}
                onClick={() =>
                  set(
                    'userIds',
                    form.userIds.filter((_, j) => j !== i),
                  )
                }
              />
            </li>
          ))}
        </ol>
        <PersonPicker
          label="Add a person"
          placeholder="Add a person: type a name…"
          value=""
          onPick={(user) => set('userIds', [...form.userIds, user.id])}
        />
      </Field>
      <div className={styles.row}>
        <Field label="Shift length" {...show('count')}>
          <SpinButton
            name="shift_count"
            value={form.count}
            min={1}
            max={1000}
            onChange={(_, d) => set('count', Number(d.value ?? d.displayValue))}
          />
        </Field>
        <Field label="Unit">
          <Dropdown
            aria-label="Unit"
            value={UNITS.find((u) => u.value === form.unit)!.many}
            selectedOptions={[form.unit]}
            onOptionSelect={(_, d) => d.optionValue && set('unit', d.optionValue as ShiftUnit)}
          >
            {UNITS.map((u) => (
              <Option key={u.value} value={u.value}>
                {u.many}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      <div className={styles.row}>
        <Field label="Hand-off time" hint={form.unit === 'hours' ? 'Unused for hourly shifts' : undefined}>
          <Input
            name="handoff_time"
            type="time"
            value={form.handoff}
            disabled={form.unit === 'hours'}
            onChange={(_, d) => set('handoff', d.value)}
          />
        </Field>
        <Field label="Starts" required {...show('startsAt')}>
          <Input name="starts_at" type="datetime-local" value={form.startsAt} onChange={(_, d) => set('startsAt', d.value)} />
        </Field>
      </div>
      <Field label="Active hours" hint="None: on call around the clock." {...show('activeHours')}>
        {form.activeHours.map((rule, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity of their own
          <fieldset key={i} className={styles.rule} aria-label={`Active hours rule ${i + 1}`}>
            {DAYS.map((day, d) => (
              <ToggleButton
                key={day}
                size="small"
                checked={rule.days.includes(d + 1)}
                onClick={() =>
                  setRule(i, {
                    ...rule,
                    days: rule.days.includes(d + 1) ? rule.days.filter((x) => x !== d + 1) : [...rule.days, d + 1].sort((a, b) => a - b),
                  })
                }
              >
                {day}
              </ToggleButton>
            ))}
            <Input
              className={styles.time}
              type="time"
              aria-label="From"
              value={rule.start}
              onChange={(_, v) => setRule(i, { ...rule, start: v.value })}
            />
            <Caption1>to</Caption1>
            <Input
              className={styles.time}
              type="time"
              aria-label="To"
              value={rule.end === '24:00' ? '00:00' : rule.end}
              onChange={(_, v) => setRule(i, { ...rule, end: v.value === '00:00' ? '24:00' : v.value })}
            />
            <Button
              size="small"
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label="Remove rule"
              onClick={() =>
                set(
                  'activeHours',
                  form.activeHours.filter((_, j) => j !== i),
                )
              }
            />
          </fieldset>
        ))}
        <Button
          size="small"
          icon={<AddRegular />}
          onClick={() => set('activeHours', [...form.activeHours, { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }])}
        >
          Add active hours
        </Button>
      </Field>
    </FormDialog>
  );
}
