import { Field, Input } from '@fluentui/react-components';
import {
  API_LIMITS,
  type CalendarFeedCreated,
  CalendarFeedDialog,
  MutationFormDialog,
  type ScheduleDetail,
  useCreateCalendarFeed,
  useDownloadOncallHours,
} from '@vigil/shared';
import { useState } from 'react';
import { type HoursPeriodValues, hoursPeriodRules, lastMonth, periodInstants } from './hoursPeriod';

const NAME_MAX = API_LIMITS.CalendarFeedCreate.name.maxLength;

/**
 * "Subscribe (iCal)": a calendar feed of who is on call in `schedule`, made for the signed-in
 * user; its URL is then shown once (docs/oncall/calendars.md).
 */
export function SubscribeDialog({ open, schedule, onClose }: { open: boolean; schedule: ScheduleDetail; onClose: () => void }) {
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  return (
    <>
      <MutationFormDialog
        open={open}
        title="Subscribe (iCal)"
        description={`A secret URL of who is on call in ${schedule.name}, overrides included, for Google Calendar, Outlook or Apple Calendar. Your feeds are listed in Settings › Calendar feeds, where you can revoke them.`}
        submitLabel="Create feed"
        initial={{ name: '' }}
        rules={{ name: (value: string) => (value.trim().length > NAME_MAX ? `At most ${NAME_MAX} characters` : undefined) }}
        mutation={useCreateCalendarFeed()}
        toVariables={(values) => ({ schedule_id: schedule.id, ...(values.name.trim() && { name: values.name.trim() }) })}
        successText="Calendar feed created."
        onSaved={setCreated}
        onClose={onClose}
      >
        {(form) => (
          <Field label="Name" hint="Optional: where you use it, e.g. Phone." {...form.fieldState('name')}>
            <Input maxLength={NAME_MAX} {...form.field('name')} />
          </Field>
        )}
      </MutationFormDialog>
      <CalendarFeedDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}

/** "Export on-call hours": whole days on the schedule's clock, last month by default; downloads the CSV. */
export function ExportHoursDialog({ open, schedule, onClose }: { open: boolean; schedule: ScheduleDetail; onClose: () => void }) {
  const zone = schedule.time_zone;
  const [initial] = useState<HoursPeriodValues>(() => lastMonth(Date.now(), zone));
  return (
    <MutationFormDialog
      open={open}
      title="Export on-call hours"
      description={`Each person's hours on call in ${schedule.name}, as CSV, for the days from the first to the last included, on ${zone}'s clock.`}
      submitLabel="Download CSV"
      initial={initial}
      rules={hoursPeriodRules}
      mutation={useDownloadOncallHours()}
      toVariables={(values) => ({ scheduleId: schedule.id, ...(periodInstants(values, zone) as { from: string; to: string }) })}
      successText="On-call hours downloaded."
      onClose={onClose}
    >
      {(form) => (
        <>
          <Field label="First day" required {...form.fieldState('from')}>
            <Input type="date" {...form.field('from')} />
          </Field>
          <Field label="Last day" required {...form.fieldState('until')}>
            <Input type="date" {...form.field('until')} />
          </Field>
        </>
      )}
    </MutationFormDialog>
  );
}
