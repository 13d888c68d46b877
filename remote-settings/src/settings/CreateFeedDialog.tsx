import { Dropdown, Field, Input, Option } from '@fluentui/react-components';
import { API_LIMITS, type CalendarFeedCreated, CreateDialog, useCreateCalendarFeed, useSchedules } from '@vigil/shared';

const NAME_MAX = API_LIMITS.CalendarFeedCreate.name.maxLength;
/** The dropdown's value for "my shifts" (a schedule's is its id). */
const MINE = 'mine';

interface FeedFormValues {
  shows: string;
  name: string;
}

const INITIAL: FeedFormValues = { shows: MINE, name: '' };
const RULES = { name: (value: string) => (value.trim().length > NAME_MAX ? `At most ${NAME_MAX} characters` : undefined) };

/** "Create feed": of the user's own shifts or of one of their schedules, with an optional name; the URL goes to `onCreated`, shown once. */
export function CreateFeedDialog({ onCreated }: { onCreated: (created: CalendarFeedCreated) => void }) {
  const schedules = useSchedules().data?.data ?? [];
  const labelOf = (shows: string) => (shows === MINE ? 'My shifts' : (schedules.find((s) => s.id === shows)?.name ?? ''));
  return (
    <CreateDialog
      label="Create feed"
      initial={INITIAL}
      rules={RULES}
      mutation={useCreateCalendarFeed()}
      toBody={(values) => ({
        ...(values.shows !== MINE && { schedule_id: values.shows }),
        ...(values.name.trim() && { name: values.name.trim() }),
      })}
      createdText="Calendar feed created."
      onCreated={onCreated}
    >
      {(form) => (
        <>
          <Field label="Shows" hint="Your own shifts in every schedule, or everyone's in one schedule.">
            <Dropdown
              value={labelOf(form.values.shows)}
              selectedOptions={[form.values.shows]}
              onOptionSelect={(_, data) => data.optionValue && form.setValue('shows', data.optionValue)}
            >
              <Option value={MINE}>My shifts</Option>
              {schedules.map((schedule) => (
                <Option key={schedule.id} value={schedule.id}>
                  {schedule.name}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field label="Name" hint="Optional: where you use it, e.g. Phone." {...form.fieldState('name')}>
            <Input maxLength={NAME_MAX} {...form.field('name')} />
          </Field>
        </>
      )}
    </CreateDialog>
  );
}
