import { Combobox, Field, Input, Option, Textarea } from '@fluentui/react-components';
import { FormDialog, type SchedulePublic, useCreateSchedule, useNotify, useUpdateSchedule, useValidatedForm } from '@vigil/shared';
import { useEffect, useMemo, useState } from 'react';

export const CREATED = 'The schedule was created successfully';
export const UPDATED = 'The schedule was updated successfully';

/** The zones the browser knows (IANA names); the API checks the one sent. */
const ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

interface Values {
  name: string;
  description: string;
  time_zone: string;
}

const rules = {
  name: (v: string) => (v.trim() ? undefined : 'Name is required'),
  time_zone: (v: string) => (v.trim() ? undefined : 'Time zone is required'),
};

/** Add or edit a schedule: its name, description and time zone. */
export function ScheduleFormDialog({
  open,
  schedule,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** Editing this one; null: a new schedule. */
  schedule: SchedulePublic | null;
  onClose: () => void;
  onCreated?: (created: SchedulePublic) => void;
}) {
  const notify = useNotify();
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const initial = useMemo<Values>(
    () => ({ name: schedule?.name ?? '', description: schedule?.description ?? '', time_zone: schedule?.time_zone ?? browserZone() }),
    [schedule],
  );
  const form = useValidatedForm<Values>(initial, rules);
  const [zoneQuery, setZoneQuery] = useState(initial.time_zone);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening, with the schedule opened
  useEffect(() => {
    if (open) {
      form.reset(initial);
      setZoneQuery(initial.time_zone);
    }
  }, [open, initial]);
  const matches = useMemo(() => {
    const q = zoneQuery.toLowerCase().replaceAll(' ', '_');
    return ZONES.filter((z) => z.toLowerCase().includes(q)).slice(0, 50);
  }, [zoneQuery]);

  const saving = create.isPending || update.isPending;
  const submit = form.handleSubmit((values) => {
    const body = { name: values.name.trim(), description: values.description.trim() || null, time_zone: values.time_zone.trim() };
    if (schedule) {
      update.mutate(
        { id: schedule.id, body },
        {
          onSuccess: () => {
            notify.success(UPDATED);
            onClose();
          },
          onError: (error) => notify.error(error),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          notify.success(CREATED);
          onClose();
          onCreated?.(created);
        },
        onError: (error) => notify.error(error),
      });
    }
  });

  return (
    <FormDialog
      open={open}
      title={schedule ? 'Edit Schedule' : 'Add Schedule'}
      description="Hand-offs and active hours are read on this time zone's clock."
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
    >
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
          value={zoneQuery}
          selectedOptions={[form.values.time_zone]}
          onChange={(event) => {
            setZoneQuery(event.target.value);
            form.setValue('time_zone', event.target.value);
          }}
          onOptionSelect={(_, data) => {
            if (!data.optionValue) return;
            setZoneQuery(data.optionValue);
            form.setValue('time_zone', data.optionValue);
          }}
          onBlur={() => form.touch('time_zone')}
        >
          {matches.map((zone) => (
            <Option key={zone} value={zone}>
              {zone}
            </Option>
          ))}
        </Combobox>
      </Field>
    </FormDialog>
  );
}
