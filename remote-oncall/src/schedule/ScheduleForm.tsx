import { Combobox, Field, Input, Option, Textarea } from '@fluentui/react-components';
import type { ScheduleCreate, SchedulePublic, ValidatedForm, Validators } from '@vigil/shared';
import { useMemo } from 'react';

/** The zones the browser knows (IANA names); the API checks the one sent. */
const ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export interface ScheduleValues {
  name: string;
  description: string;
  time_zone: string;
  /** The owning team: chosen when creating (TeamPicker), fixed after. */
  team_id: string;
}

export const scheduleRules: Validators<ScheduleValues> = {
  name: (v) => (v.trim() ? undefined : 'Name is required'),
  time_zone: (v) => (v.trim() ? undefined : 'Time zone is required'),
};

/** The form's values for `schedule`, or a new one's in the browser's zone. */
export const scheduleValuesOf = (schedule: SchedulePublic | null): ScheduleValues => ({
  name: schedule?.name ?? '',
  description: schedule?.description ?? '',
  time_zone: schedule?.time_zone ?? browserZone(),
  team_id: schedule?.team_id ?? '',
});

export const scheduleBody = (values: ScheduleValues): ScheduleCreate => ({
  name: values.name.trim(),
  description: values.description.trim() || null,
  time_zone: values.time_zone.trim(),
});

/** A new schedule's body: its team when one was chosen (else the API's default team). */
export const scheduleCreateBody = (values: ScheduleValues): ScheduleCreate => ({
  ...scheduleBody(values),
  ...(values.team_id && { team_id: values.team_id }),
});

/** A schedule's name, description and time zone (a zone typed in full, or picked from those matching). */
export function ScheduleForm({ form }: { form: ValidatedForm<ScheduleValues> }) {
  const zone = form.values.time_zone;
  const matches = useMemo(() => {
    const q = zone.toLowerCase().replaceAll(' ', '_');
    return ZONES.filter((z) => z.toLowerCase().includes(q)).slice(0, 50);
  }, [zone]);
  return (
    <>
      <Field label="Name" required {...form.fieldState('name')}>
        <Input {...form.field('name')} maxLength={255} />
      </Field>
      <Field label="Description" {...form.fieldState('description')}>
        <Textarea {...form.field('description')} maxLength={4096} resize="vertical" />
      </Field>
      <Field label="Time zone" required {...form.fieldState('time_zone')}>
        <Combobox
          name="time_zone"
          freeform
          value={zone}
          selectedOptions={[zone]}
          onChange={(event) => form.setValue('time_zone', event.target.value)}
          onOptionSelect={(_, data) => data.optionValue && form.setValue('time_zone', data.optionValue)}
          onBlur={() => form.touch('time_zone')}
        >
          {matches.map((z) => (
            <Option key={z} value={z}>
              {z}
            </Option>
          ))}
        </Combobox>
      </Field>
    </>
  );
}
