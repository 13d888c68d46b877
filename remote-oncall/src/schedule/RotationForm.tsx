import { Dropdown, Field, Input, makeStyles, Option, SpinButton, tokens } from '@fluentui/react-components';
import type { ShiftUnit, ValidatedForm } from '@vigil/shared';
import { ActiveHoursField } from './ActiveHoursField';
import { RotationMembersField } from './RotationMembersField';
import { type RotationValues, UNITS } from './rotationValues';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, '& > *': { flex: '1 1 140px' } },
});

/** A rotation's fields: people in turn, shift length, hand-off time, start, and active hours. */
export function RotationForm({ form }: { form: ValidatedForm<RotationValues> }) {
  const styles = useStyles();
  const { values } = form;
  return (
    <>
      <Field label="Name" required {...form.fieldState('name')}>
        <Input {...form.field('name')} maxLength={255} />
      </Field>
      <RotationMembersField
        userIds={values.user_ids}
        error={form.visibleError('user_ids')}
        onChange={(ids) => form.setValue('user_ids', ids)}
      />
      <div className={styles.row}>
        <Field label="Shift length" {...form.fieldState('shift_count')}>
          <SpinButton
            name="shift_count"
            value={values.shift_count}
            min={1}
            max={1000}
            onChange={(_, d) => form.setValue('shift_count', Number(d.value ?? d.displayValue))}
          />
        </Field>
        <Field label="Unit">
          <Dropdown
            aria-label="Unit"
            value={UNITS.find((u) => u.value === values.shift_unit)!.many}
            selectedOptions={[values.shift_unit]}
            onOptionSelect={(_, d) => d.optionValue && form.setValue('shift_unit', d.optionValue as ShiftUnit)}
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
        <Field label="Hand-off time" hint={values.shift_unit === 'hours' ? 'Unused for hourly shifts' : undefined}>
          <Input {...form.field('handoff_time')} type="time" disabled={values.shift_unit === 'hours'} />
        </Field>
        <Field label="Starts" required {...form.fieldState('starts_at')}>
          <Input {...form.field('starts_at')} type="datetime-local" />
        </Field>
      </div>
      <ActiveHoursField
        rules={values.active_hours}
        error={form.visibleError('active_hours')}
        onChange={(rules) => form.setValue('active_hours', rules)}
      />
    </>
  );
}
