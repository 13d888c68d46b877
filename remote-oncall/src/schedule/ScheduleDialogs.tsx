import { MutationFormDialog, type SchedulePublic, useCreateSchedule, useUpdateSchedule } from '@vigil/shared';
import { ScheduleForm, scheduleBody, scheduleRules, scheduleValuesOf } from './ScheduleForm';

export const CREATED = 'The schedule was created successfully';
export const UPDATED = 'The schedule was updated successfully';
export const DELETED = 'The schedule was deleted successfully';
const DESCRIPTION = "Hand-offs and active hours are read on this time zone's clock.";

/** Add Schedule; the new schedule goes to `onCreated`. */
export function CreateScheduleDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: (created: SchedulePublic) => void;
}) {
  return (
    <MutationFormDialog
      open={open}
      title="Add Schedule"
      description={DESCRIPTION}
      initial={scheduleValuesOf(null)}
      rules={scheduleRules}
      mutation={useCreateSchedule()}
      toVariables={scheduleBody}
      successText={CREATED}
      onSaved={onCreated}
      onClose={onClose}
    >
      {(form) => <ScheduleForm form={form} />}
    </MutationFormDialog>
  );
}

/** Edit Schedule: open while given a schedule. */
export function EditScheduleDialog({ schedule, onClose }: { schedule: SchedulePublic | null; onClose: () => void }) {
  return (
    <MutationFormDialog
      open={schedule !== null}
      title="Edit Schedule"
      description={DESCRIPTION}
      initial={scheduleValuesOf(schedule)}
      rules={scheduleRules}
      mutation={useUpdateSchedule()}
      toVariables={(values) => ({ id: schedule?.id ?? '', body: scheduleBody(values) })}
      successText={UPDATED}
      onClose={onClose}
    >
      {(form) => <ScheduleForm form={form} />}
    </MutationFormDialog>
  );
}
