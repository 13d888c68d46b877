import {
  Body1,
  Button,
  Caption1,
  Card,
  CardHeader,
  Link,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  Subtitle2,
  Text,
  ToggleButton,
  Toolbar,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowLeftRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import {
  ConfirmDialog,
  errorText,
  type OverridePublic,
  type RotationPublic,
  useDeleteOverride,
  useDeleteRotation,
  useDeleteSchedule,
  useNotify,
  useOverrides,
  useSchedule,
  useTimeline,
  useUserNames,
} from '@vigil/shared';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { formatSpan, joinNames } from '../format';
import { useCanEdit } from '../people';
import { startOfZonedDay } from '../timeline/zonedTime';
import { useOnCallText } from './OnCallNow';
import { OverrideFormDialog } from './OverrideFormDialog';
import { describeRotation, RotationFormDialog } from './RotationFormDialog';
import { ScheduleFormDialog } from './ScheduleFormDialog';
import { DELETED } from './SchedulesList';
import { ScheduleTimeline } from './ScheduleTimeline';

const DAY = 86_400_000;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  title: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  now: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: tokens.spacingHorizontalL },
  card: { minWidth: 0 },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  itemText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  sectionHead: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
});

const OVERRIDE_TEXT = {
  replace: (who: string, whom: string) => `${who} replaces ${whom}`,
  add: (who: string) => `${who} is added`,
  remove: (who: string) => `${who} is taken off`,
} as const;

/** /oncall/schedules/:id — who is on call, the timeline picture, rotations and overrides. */
export function ScheduleDetail() {
  const styles = useStyles();
  const { scheduleId = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const schedule = useSchedule(scheduleId);
  const canEdit = useCanEdit(schedule.data?.owner_id);
  const [weeks, setWeeks] = useState<2 | 4>(2);
  const timeZone = schedule.data?.time_zone ?? 'UTC';
  // The span starts at today's midnight where the schedule is; re-read when the zone or span changes.
  const [now] = useState(() => Date.now());
  const from = useMemo(() => startOfZonedDay(now, timeZone), [now, timeZone]);
  const to = from + weeks * 7 * DAY;
  const timeline = useTimeline(scheduleId, new Date(from).toISOString(), new Date(to).toISOString());
  const overrides = useOverrides(scheduleId);
  const onCall = useOnCallText(scheduleId, timeZone);
  const deleteSchedule = useDeleteSchedule();
  const deleteRotation = useDeleteRotation();
  const deleteOverride = useDeleteOverride();
  // Everyone the page names: in its rotations, its overrides and its timeline.
  const { nameOf } = useUserNames([
    ...(schedule.data?.rotations.flatMap((r) => r.user_ids) ?? []),
    ...(overrides.data?.data.flatMap((o) => [o.user_id, ...(o.replaces_user_id ? [o.replaces_user_id] : [])]) ?? []),
    ...(timeline.data?.data.flatMap((segment) => segment.user_ids) ?? []),
  ]);

  const [editing, setEditing] = useState(false);
  const [rotationDialog, setRotationDialog] = useState<{ rotation: RotationPublic | null } | null>(null);
  const [overrideOpen, setOverrideOpen] = useState(false);
  const [confirm, setConfirm] = useState<
    { kind: 'schedule' } | { kind: 'rotation'; rotation: RotationPublic } | { kind: 'override'; override: OverridePublic } | null
  >(null);

  if (schedule.isPending) return <Spinner label="Loading the schedule…" />;
  if (schedule.isError || !schedule.data)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(schedule.error)}</MessageBarBody>
      </MessageBar>
    );
  const s = schedule.data;
  const people = [...new Set(s.rotations.flatMap((r) => r.user_ids))];
  const overrideList = overrides.data?.data ?? [];
  const upcoming = overrideList.filter((o) => Date.parse(o.ends_at) > now);

  const runConfirm = () => {
    if (!confirm) return;
    const done = { onError: (error: Error) => notify.error(error), onSettled: () => setConfirm(null) };
    if (confirm.kind === 'schedule')
      deleteSchedule.mutate(s.id, {
        ...done,
        onSuccess: () => {
          notify.success(DELETED);
          navigate('/oncall');
        },
      });
    else if (confirm.kind === 'rotation')
      deleteRotation.mutate(
        { scheduleId: s.id, rotationId: confirm.rotation.id },
        { ...done, onSuccess: () => notify.success('The rotation was deleted successfully') },
      );
    else
      deleteOverride.mutate(
        { scheduleId: s.id, overrideId: confirm.override.id },
        { ...done, onSuccess: () => notify.success('The override was deleted successfully') },
      );
  };

  return (
    <section className={styles.root} aria-label={`Schedule ${s.name}`}>
      <div className={styles.head}>
        <div className={styles.title}>
          <Link as="button" onClick={() => navigate('/oncall')}>
            <ArrowLeftRegular aria-hidden /> All schedules
          </Link>
          <Subtitle2 as="h2">{s.name}</Subtitle2>
          <Caption1 className={styles.muted}>
            {s.time_zone}
            {s.description ? ` · ${s.description}` : ''}
          </Caption1>
        </div>
        {canEdit && (
          <Toolbar aria-label="Schedule actions">
            <Button icon={<EditRegular />} onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button icon={<DeleteRegular />} onClick={() => setConfirm({ kind: 'schedule' })}>
              Delete
            </Button>
          </Toolbar>
        )}
      </div>

      <div className={styles.now}>
        <Card className={styles.card}>
          <CardHeader header={<Caption1 className={styles.muted}>On call now</Caption1>} />
          <Text size={500} weight="semibold" data-testid="on-call-now">
            {onCall.loading ? '…' : onCall.now}
          </Text>
        </Card>
        <Card className={styles.card}>
          <CardHeader header={<Caption1 className={styles.muted}>Next</Caption1>} />
          <Body1 data-testid="on-call-next">{onCall.loading ? '…' : onCall.next}</Body1>
        </Card>
      </div>

      <Card>
        <div className={styles.sectionHead}>
          <Subtitle2 as="h3">Timeline</Subtitle2>
          <Toolbar aria-label="Timeline span" size="small">
            <ToggleButton size="small" checked={weeks === 2} onClick={() => setWeeks(2)}>
              2 weeks
            </ToggleButton>
            <ToggleButton size="small" checked={weeks === 4} onClick={() => setWeeks(4)}>
              4 weeks
            </ToggleButton>
          </Toolbar>
        </div>
        {timeline.isError ? (
          <MessageBar intent="error">
            <MessageBarBody>{errorText(timeline.error)}</MessageBarBody>
          </MessageBar>
        ) : timeline.data ? (
          <ScheduleTimeline
            name={s.name}
            timeZone={timeZone}
            from={from}
            to={to}
            now={Date.now()}
            segments={timeline.data.data}
            overrides={overrideList}
            people={people}
            nameOf={nameOf}
          />
        ) : (
          <Spinner size="small" label="Drawing the timeline…" />
        )}
      </Card>

      <Card>
        <div className={styles.sectionHead}>
          <Subtitle2 as="h3">Rotations</Subtitle2>
          {canEdit && (
            <Button icon={<AddRegular />} onClick={() => setRotationDialog({ rotation: null })}>
              Add Rotation
            </Button>
          )}
        </div>
        {s.rotations.length === 0 ? (
          <Text className={styles.muted}>No rotation yet: no one is on call.</Text>
        ) : (
          <ul className={styles.list} aria-label="Rotations">
            {s.rotations.map((r) => (
              <li key={r.id} className={styles.item}>
                <div className={styles.itemText}>
                  <Text weight="semibold">{r.name}</Text>
                  <Caption1>{joinNames(r.user_ids.map(nameOf))}</Caption1>
                  <Caption1 className={styles.muted}>{describeRotation(r)}</Caption1>
                </div>
                {canEdit && (
                  <Toolbar aria-label={`Actions for rotation ${r.name}`} size="small">
                    <Button size="small" icon={<EditRegular />} onClick={() => setRotationDialog({ rotation: r })}>
                      Edit
                    </Button>
                    <Button
                      size="small"
                      icon={<DeleteRegular />}
                      aria-label={`Delete rotation ${r.name}`}
                      onClick={() => setConfirm({ kind: 'rotation', rotation: r })}
                    />
                  </Toolbar>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card>
        <div className={styles.sectionHead}>
          <Subtitle2 as="h3">Overrides</Subtitle2>
          {canEdit && (
            <Button icon={<AddRegular />} onClick={() => setOverrideOpen(true)}>
              Add Override
            </Button>
          )}
        </div>
        {upcoming.length === 0 ? (
          <Text className={styles.muted}>No override ahead.</Text>
        ) : (
          <ul className={styles.list} aria-label="Overrides">
            {upcoming.map((o) => (
              <li key={o.id} className={styles.item}>
                <div className={styles.itemText}>
                  <Text weight="semibold">
                    {OVERRIDE_TEXT[o.kind](nameOf(o.user_id), o.replaces_user_id ? nameOf(o.replaces_user_id) : '')}
                  </Text>
                  <Caption1 className={styles.muted}>{formatSpan(o.starts_at, o.ends_at, timeZone)}</Caption1>
                </div>
                {canEdit && (
                  <Button
                    size="small"
                    icon={<DeleteRegular />}
                    aria-label="Delete override"
                    onClick={() => setConfirm({ kind: 'override', override: o })}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <ScheduleFormDialog open={editing} schedule={s} onClose={() => setEditing(false)} />
      <RotationFormDialog
        open={rotationDialog !== null}
        schedule={s}
        rotation={rotationDialog?.rotation ?? null}
        onClose={() => setRotationDialog(null)}
      />
      <OverrideFormDialog open={overrideOpen} schedule={s} people={people} onClose={() => setOverrideOpen(false)} />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'schedule' ? 'Delete schedule' : confirm?.kind === 'rotation' ? 'Delete rotation' : 'Delete override'}
        confirmLabel="Delete"
        destructive
        busy={deleteSchedule.isPending || deleteRotation.isPending || deleteOverride.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={runConfirm}
      >
        {confirm?.kind === 'schedule'
          ? `"${s.name}" will be permanently deleted, with its rotations and overrides.`
          : confirm?.kind === 'rotation'
            ? `The rotation "${confirm.rotation.name}" will be permanently deleted.`
            : 'This override will be permanently deleted.'}
      </ConfirmDialog>
    </section>
  );
}
