import { MutationFormDialog, type SchedulePublic, TeamPicker, useCreateSchedule, useUpdateSchedule } from '@vigil/shared';
import { ScheduleForm, scheduleBody, scheduleCreateBody, scheduleRules, scheduleValuesOf } from './ScheduleForm';

export const CREATED = 'The schedule was created successfully';
export const UPDATED = 'The schedule was updated successfully';
export const DELETED = 'The schedule was deleted successfully';
const DESCRIPTION = "Hand-offs and active hours are read on this time zone's clock.";

/** Add Schedule, in one of the user's teams (`teamId`, the list's filter, first); the new schedule goes to `onCreated`. */
export function CreateScheduleDialog({
  open,
  teamId,
  onClose,
  onCreated,
}: {
  open: boolean;
  teamId?: string;
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
      toVariables={scheduleCreateBody}
      successText={CREATED}
      onSaved={onCreated}
      onClose={onClose}
    >
      {(form) => (
        <>
          <TeamPicker value={form.values.team_id} onChange={(id) => form.setValue('team_id', id)} preferred={teamId} />
          <ScheduleForm form={form} />
        </>
      )}
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
