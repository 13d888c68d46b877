import { MutationFormDialog, type RotationPublic, type ScheduleDetail, useCreateRotation, useUpdateRotation } from '@vigil/shared';
import { RotationForm } from './RotationForm';
import { rotationBody, rotationRules, rotationValuesOf } from './rotationValues';

const description = (schedule: ScheduleDetail) => `People take turns in this order. Times are ${schedule.time_zone}'s.`;

/** Add Rotation to `schedule`. */
export function CreateRotationDialog({ open, schedule, onClose }: { open: boolean; schedule: ScheduleDetail; onClose: () => void }) {
  const zone = schedule.time_zone;
  return (
    <MutationFormDialog
      open={open}
      title="Add Rotation"
      description={description(schedule)}
      initial={rotationValuesOf(null, zone)}
      rules={rotationRules(zone)}
      mutation={useCreateRotation()}
      toVariables={(values) => ({ scheduleId: schedule.id, body: rotationBody(values, zone) })}
      successText="The rotation was created successfully"
      onClose={onClose}
    >
      {(form) => <RotationForm form={form} />}
    </MutationFormDialog>
  );
}

/** Edit Rotation: open while given a rotation of `schedule`. */
export function EditRotationDialog({
  schedule,
  rotation,
  onClose,
}: {
  schedule: ScheduleDetail;
  rotation: RotationPublic | null;
  onClose: () => void;
}) {
  const zone = schedule.time_zone;
  return (
    <MutationFormDialog
      open={rotation !== null}
      title="Edit Rotation"
      description={description(schedule)}
      initial={rotationValuesOf(rotation, zone)}
      rules={rotationRules(zone)}
      mutation={useUpdateRotation()}
      toVariables={(values) => ({ scheduleId: schedule.id, rotationId: rotation?.id ?? '', body: rotationBody(values, zone) })}
      successText="The rotation was updated successfully"
      onClose={onClose}
    >
      {(form) => <RotationForm form={form} />}
    </MutationFormDialog>
  );
}
