import {
  Button,
  Link,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, CalendarClockRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import {
  ConfirmDialog,
  EmptyState,
  errorText,
  RowActionsMenu,
  type SchedulePublic,
  useDeleteSchedule,
  useNotify,
  useOnCallMany,
  useSchedules,
} from '@vigil/shared';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCanEdit } from '../people';
import { OnCallNowCell } from './OnCallNow';
import { ScheduleFormDialog } from './ScheduleFormDialog';

export const EMPTY = "You don't have any schedules yet";
export const DELETED = 'The schedule was deleted successfully';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  bar: { display: 'flex', justifyContent: 'flex-end' },
  scroller: {
    overflowX: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  table: { minWidth: '640px' },
  actions: { width: '56px' },
});

function ScheduleRowActions({ schedule, onEdit, onDelete }: { schedule: SchedulePublic; onEdit: () => void; onDelete: () => void }) {
  const canEdit = useCanEdit(schedule.owner_id);
  if (!canEdit) return null;
  return (
    <RowActionsMenu
      label={`Actions for schedule ${schedule.name}`}
      actions={[
        { label: 'Edit schedule', icon: <EditRegular />, onClick: onEdit },
        { label: 'Delete schedule', icon: <DeleteRegular />, danger: true, onClick: onDelete },
      ]}
    />
  );
}

/** Every schedule, with who is on call now and next. */
export function SchedulesList() {
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const schedules = useSchedules();
  const remove = useDeleteSchedule();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<SchedulePublic | null>(null);
  const [deleting, setDeleting] = useState<SchedulePublic | null>(null);
  const rows = schedules.data?.data;
  const onCall = useOnCallMany(useMemo(() => (rows ?? []).map((s) => s.id), [rows]));
  const answers = useMemo(() => new Map((onCall.data?.data ?? []).map((a) => [a.schedule_id, a])), [onCall.data]);
  const answerOf = (id: string) => (onCall.data ? (answers.get(id) ?? null) : undefined);

  const add = (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setCreating(true)}>
      Add Schedule
    </Button>
  );
  return (
    <section className={styles.root} aria-label="Schedules">
      {schedules.isError && (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(schedules.error)}</MessageBarBody>
        </MessageBar>
      )}
      {rows && rows.length === 0 ? (
        <EmptyState
          title={EMPTY}
          description="A schedule says who is on call when: rotations of people taking turns, and overrides for the exceptions."
          icon={<CalendarClockRegular />}
          action={add}
        />
      ) : (
        <>
          <div className={styles.bar}>{add}</div>
          <div className={styles.scroller}>
            <Table className={styles.table} aria-label="Schedules" aria-busy={!rows}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>Name</TableHeaderCell>
                  <TableHeaderCell>Time zone</TableHeaderCell>
                  <TableHeaderCell>On call now</TableHeaderCell>
                  <TableHeaderCell>Next</TableHeaderCell>
                  <TableHeaderCell className={styles.actions}>Actions</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {(rows ?? []).map((s) => (
                  <TableRow key={s.id}>
                    <TableCell>
                      <Link onClick={() => navigate(`/oncall/schedules/${s.id}`)} as="button">
                        {s.name}
                      </Link>
                    </TableCell>
                    <TableCell>{s.time_zone}</TableCell>
                    <TableCell>
                      <OnCallNowCell answer={answerOf(s.id)} loading={onCall.isPending} timeZone={s.time_zone} part="now" />
                    </TableCell>
                    <TableCell>
                      <OnCallNowCell answer={answerOf(s.id)} loading={onCall.isPending} timeZone={s.time_zone} part="next" />
                    </TableCell>
                    <TableCell className={styles.actions}>
                      <ScheduleRowActions schedule={s} onEdit={() => setEditing(s)} onDelete={() => setDeleting(s)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </>
      )}
      <ScheduleFormDialog
        open={creating || editing !== null}
        schedule={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
        onCreated={(created) => navigate(`/oncall/schedules/${created.id}`)}
      />
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
    </section>
  );
}
