import {
  ConfirmDialog,
  type OverridePublic,
  type RotationPublic,
  type ScheduleDetail,
  useDeleteOverride,
  useDeleteRotation,
  useDeleteSchedule,
  useNotify,
} from '@vigil/shared';
import { useNavigate } from 'react-router-dom';
import { DELETED } from './ScheduleDialogs';

/** What the schedule page is asked to delete: the schedule itself, one of its rotations or one of its overrides. */
export type ScheduleDeletion =
  | { kind: 'schedule' }
  | { kind: 'rotation'; rotation: RotationPublic }
  | { kind: 'override'; override: OverridePublic };

const TITLES = { schedule: 'Delete schedule', rotation: 'Delete rotation', override: 'Delete override' } as const;

function question(schedule: ScheduleDetail, deletion: ScheduleDeletion | null): string {
  if (deletion?.kind === 'schedule') return `"${schedule.name}" will be permanently deleted, with its rotations and overrides.`;
  if (deletion?.kind === 'rotation') return `The rotation "${deletion.rotation.name}" will be permanently deleted.`;
  return 'This override will be permanently deleted.';
}

/** The confirmation of a deletion on the schedule page; a deleted schedule leads back to the list. */
export function ScheduleDeleteDialog({
  schedule,
  deletion,
  onClose,
}: {
  schedule: ScheduleDetail;
  deletion: ScheduleDeletion | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const deleteSchedule = useDeleteSchedule();
  const deleteRotation = useDeleteRotation();
  const deleteOverride = useDeleteOverride();

  const confirm = () => {
    if (!deletion) return;
    const done = { onError: (error: Error) => notify.error(error), onSettled: onClose };
    if (deletion.kind === 'schedule')
      deleteSchedule.mutate(schedule.id, {
        ...done,
        onSuccess: () => {
          notify.success(DELETED);
          navigate('/oncall');
        },
      });
    else if (deletion.kind === 'rotation')
      deleteRotation.mutate(
        { scheduleId: schedule.id, rotationId: deletion.rotation.id },
        { ...done, onSuccess: () => notify.success('The rotation was deleted successfully') },
      );
    else
      deleteOverride.mutate(
        { scheduleId: schedule.id, overrideId: deletion.override.id },
        { ...done, onSuccess: () => notify.success('The override was deleted successfully') },
      );
  };

  return (
    <ConfirmDialog
      open={deletion !== null}
      title={TITLES[deletion?.kind ?? 'override']}
      confirmLabel="Delete"
      destructive
      busy={deleteSchedule.isPending || deleteRotation.isPending || deleteOverride.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    >
      {question(schedule, deletion)}
    </ConfirmDialog>
  );
}
