import { MessageBar, MessageBarBody, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import {
  errorText,
  type RotationPublic,
  useOverrides,
  useSchedule,
  useScheduleReachability,
  useTimeline,
  useUserNames,
} from '@vigil/shared';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useOnCallText } from '../components/OnCallNow';
import { PickerTeam } from '../components/PersonPicker';
import { ReachabilityWarning } from '../components/ReachabilityWarning';
import { useCanEdit } from '../people';
import { startOfZonedDay } from '../timeline/zonedTime';
import { ExportHoursDialog, SubscribeDialog } from './CalendarDialogs';
import { CreateOverrideDialog } from './OverrideDialogs';
import { OverridesCard } from './OverridesCard';
import { CreateRotationDialog, EditRotationDialog } from './RotationDialogs';
import { RotationsCard } from './RotationsCard';
import { ScheduleDeleteDialog, type ScheduleDeletion } from './ScheduleDeleteDialog';
import { EditScheduleDialog } from './ScheduleDialogs';
import { OnCallCards, ScheduleHeading } from './ScheduleHeading';
import { TimelineCard, type TimelineWeeks } from './TimelineCard';

const DAY = 86_400_000;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
});

/** The schedule's timeline over `weeks` from today's midnight where it is, its overrides, and the names of everyone they show. */
function useScheduleData(scheduleId: string, timeZone: string, weeks: TimelineWeeks, rotations: RotationPublic[]) {
  // The span starts at today's midnight where the schedule is; re-read when the zone or span changes.
  const [now] = useState(() => Date.now());
  const from = useMemo(() => startOfZonedDay(now, timeZone), [now, timeZone]);
  const to = from + weeks * 7 * DAY;
  const timeline = useTimeline(scheduleId, new Date(from).toISOString(), new Date(to).toISOString());
  const overrides = useOverrides(scheduleId).data?.data ?? [];
  // Everyone the page names: in its rotations, its overrides and its timeline, asked at once.
  const { nameOf } = useUserNames([
    ...rotations.flatMap((r) => r.user_ids),
    ...overrides.flatMap((o) => [o.user_id, ...(o.replaces_user_id ? [o.replaces_user_id] : [])]),
    ...(timeline.data?.data.flatMap((segment) => segment.user_ids) ?? []),
  ]);
  const upcoming = overrides.filter((o) => Date.parse(o.ends_at) > now);
  return { from, to, timeline, overrides, upcoming, nameOf };
}

/** /oncall/schedules/:id — who is on call (and who of them cannot be woken), the timeline picture, rotations and overrides. */
export function ScheduleDetail() {
  const styles = useStyles();
  const { scheduleId = '' } = useParams();
  const schedule = useSchedule(scheduleId);
  const canEdit = useCanEdit(schedule.data?.team_id);
  const [weeks, setWeeks] = useState<TimelineWeeks>(2);
  const timeZone = schedule.data?.time_zone ?? 'UTC';
  const data = useScheduleData(scheduleId, timeZone, weeks, schedule.data?.rotations ?? []);
  const onCall = useOnCallText(scheduleId, timeZone);
  const reachability = useScheduleReachability(scheduleId);
  const [editing, setEditing] = useState(false);
  const [addingRotation, setAddingRotation] = useState(false);
  const [editingRotation, setEditingRotation] = useState<RotationPublic | null>(null);
  const [addingOverride, setAddingOverride] = useState(false);
  const [deletion, setDeletion] = useState<ScheduleDeletion | null>(null);
  const [calendar, setCalendar] = useState<'subscribe' | 'export' | null>(null);

  if (schedule.isPending) return <Spinner label="Loading the schedule…" />;
  if (schedule.isError || !schedule.data)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(schedule.error)}</MessageBarBody>
      </MessageBar>
    );
  const s = schedule.data;
  const people = [...new Set(s.rotations.flatMap((r) => r.user_ids))];

  return (
    <section className={styles.root} aria-label={`Schedule ${s.name}`}>
      <ScheduleHeading
        schedule={s}
        canEdit={canEdit}
        onEdit={() => setEditing(true)}
        onDelete={() => setDeletion({ kind: 'schedule' })}
        onSubscribe={() => setCalendar('subscribe')}
        onExport={() => setCalendar('export')}
      />
      <OnCallCards onCall={onCall} />
      <ReachabilityWarning reachability={reachability.data} what="on this schedule" />
      <TimelineCard
        name={s.name}
        timeZone={timeZone}
        from={data.from}
        to={data.to}
        weeks={weeks}
        onWeeks={setWeeks}
        timeline={{ isError: data.timeline.isError, error: data.timeline.error, segments: data.timeline.data?.data }}
        overrides={data.overrides}
        people={people}
        nameOf={data.nameOf}
      />
      <RotationsCard
        rotations={s.rotations}
        canEdit={canEdit}
        nameOf={data.nameOf}
        onAdd={() => setAddingRotation(true)}
        onEdit={setEditingRotation}
        onDelete={(rotation) => setDeletion({ kind: 'rotation', rotation })}
      />
      <OverridesCard
        overrides={data.upcoming}
        timeZone={timeZone}
        canEdit={canEdit}
        nameOf={data.nameOf}
        onAdd={() => setAddingOverride(true)}
        onDelete={(override) => setDeletion({ kind: 'override', override })}
      />
      <EditScheduleDialog schedule={editing ? s : null} onClose={() => setEditing(false)} />
      <PickerTeam.Provider value={s.team_id}>
        <CreateRotationDialog open={addingRotation} schedule={s} onClose={() => setAddingRotation(false)} />
        <EditRotationDialog schedule={s} rotation={editingRotation} onClose={() => setEditingRotation(null)} />
        <CreateOverrideDialog open={addingOverride} schedule={s} people={people} onClose={() => setAddingOverride(false)} />
      </PickerTeam.Provider>
      <ScheduleDeleteDialog schedule={s} deletion={deletion} onClose={() => setDeletion(null)} />
      <SubscribeDialog open={calendar === 'subscribe'} schedule={s} onClose={() => setCalendar(null)} />
      <ExportHoursDialog open={calendar === 'export'} schedule={s} onClose={() => setCalendar(null)} />
    </section>
  );
}
