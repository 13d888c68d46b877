import { MutationFormDialog, type ScheduleDetail, useCreateOverride } from '@vigil/shared';
import { newOverrideValues, OverrideForm, overrideBody, overrideRules } from './OverrideForm';

/** Add Override to `schedule`; `people` are its rotations' members. */
export function CreateOverrideDialog({
  open,
  schedule,
  people,
  onClose,
}: {
  open: boolean;
  schedule: ScheduleDetail;
  people: string[];
  onClose: () => void;
}) {
  const zone = schedule.time_zone;
  return (
    <MutationFormDialog
      open={open}
      title="Add Override"
      description={`For a span, on ${zone}'s clock.`}
      initial={newOverrideValues(zone)}
      rules={overrideRules(zone)}
      mutation={useCreateOverride()}
      toVariables={(values) => ({ scheduleId: schedule.id, body: overrideBody(values, zone) })}
      successText="The override was created successfully"
      onClose={onClose}
    >
      {(form) => <OverrideForm form={form} people={people} />}
    </MutationFormDialog>
  );
}
