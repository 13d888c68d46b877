import { Button, Link, makeStyles } from '@fluentui/react-components';
import { AddRegular, CalendarClockRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import {
  ConfirmDialog,
  DataTable,
  type SchedulePublic,
  TeamFilter,
  useDeleteSchedule,
  useNotify,
  useOnCallMany,
  useSchedules,
  useTeamFilterParam,
  useUserNames,
} from '@vigil/shared';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCanEditOf } from '../people';
import { CreateScheduleDialog, DELETED, EditScheduleDialog } from '../schedule/ScheduleDialogs';
import { ListSection } from './ListSection';
import { OnCallNowCell, peopleOf } from './OnCallNow';

export const EMPTY = "You don't have any schedules yet";

const useStyles = makeStyles({
  table: { minWidth: '640px' },
});

/** Every schedule, with who is on call now and next. */
export function SchedulesList() {
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const { teamId, setTeamId } = useTeamFilterParam();
  const schedules = useSchedules({ teamId });
  const remove = useDeleteSchedule();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<SchedulePublic | null>(null);
  const [deleting, setDeleting] = useState<SchedulePublic | null>(null);
  const rows = schedules.data?.data;
  const onCall = useOnCallMany(useMemo(() => (rows ?? []).map((s) => s.id), [rows]));
  const answers = useMemo(() => new Map((onCall.data?.data ?? []).map((a) => [a.schedule_id, a])), [onCall.data]);
  const answerOf = (id: string) => (onCall.data ? (answers.get(id) ?? null) : undefined);
  const { nameOf } = useUserNames(onCall.data?.data.flatMap(peopleOf) ?? []);
  const canEdit = useCanEditOf();

  const add = (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
      Add Schedule
    </Button>
  );
  return (
    <>
      <ListSection
        label="Schedules"
        query={{ isError: schedules.isError, error: schedules.error, rows }}
        empty={{
          title: EMPTY,
          description: 'A schedule says who is on call when: rotations of people taking turns, and overrides for the exceptions.',
          icon: <CalendarClockRegular />,
        }}
        add={add}
        filter={<TeamFilter teamId={teamId} onChange={setTeamId} />}
      >
        <DataTable
          label="Schedules"
          className={styles.table}
          rows={rows}
          skeletonRows={3}
          rowTestId="schedule-row"
          columns={[
            {
              header: 'Name',
              cell: (s) => (
                <Link onClick={() => navigate(`/oncall/schedules/${s.id}`)} as="button">
                  {s.name}
                </Link>
              ),
              skeletonWidth: 140,
            },
            { header: 'Time zone', cell: (s) => s.time_zone, skeletonWidth: 120 },
            {
              header: 'On call now',
              cell: (s) => (
                <OnCallNowCell answer={answerOf(s.id)} loading={onCall.isPending} timeZone={s.time_zone} part="now" nameOf={nameOf} />
              ),
              skeletonWidth: 120,
            },
            {
              header: 'Next',
              cell: (s) => (
                <OnCallNowCell answer={answerOf(s.id)} loading={onCall.isPending} timeZone={s.time_zone} part="next" nameOf={nameOf} />
              ),
              skeletonWidth: 120,
            },
          ]}
          // Only its team's admins or a superuser change a schedule: no menu on the others' rows.
          rowActions={(s) =>
            canEdit(s.team_id)
              ? {
                  label: `Actions for schedule ${s.name}`,
                  actions: [
                    { label: 'Edit schedule', icon: <EditRegular />, onClick: () => setEditing(s) },
                    { label: 'Delete schedule', icon: <DeleteRegular />, danger: true, onClick: () => setDeleting(s) },
                  ],
                }
              : null
          }
        />
      </ListSection>
      <CreateScheduleDialog
        teamId={teamId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => navigate(`/oncall/schedules/${created.id}`)}
      />
      <EditScheduleDialog schedule={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete schedule"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => notify.success(DELETED),
            onError: (error) => notify.error(error),
            onSettled: () => setDeleting(null),
          })
        }
      >
        {`"${deleting?.name ?? ''}" will be permanently deleted, with its rotations and overrides.`}
      </ConfirmDialog>
    </>
  );
}
