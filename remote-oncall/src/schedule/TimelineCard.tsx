import { Card, MessageBar, MessageBarBody, Spinner, Subtitle2, ToggleButton, Toolbar } from '@fluentui/react-components';
import { errorText, type OverridePublic, type TimelineSegment } from '@vigil/shared';
import { ScheduleTimeline } from '../components/ScheduleTimeline';
import { useScheduleStyles } from './scheduleStyles';

export type TimelineWeeks = 2 | 4;

/** The timeline picture over 2 or 4 weeks from today, where the schedule is. */
export function TimelineCard({
  name,
  timeZone,
  from,
  to,
  weeks,
  onWeeks,
  timeline,
  overrides,
  people,
  nameOf,
}: {
  name: string;
  timeZone: string;
  from: number;
  to: number;
  weeks: TimelineWeeks;
  onWeeks: (weeks: TimelineWeeks) => void;
  /** The timeline query's state: its segments once read. */
  timeline: { isError: boolean; error: unknown; segments: TimelineSegment[] | undefined };
  overrides: OverridePublic[];
  people: string[];
  nameOf: (id: string) => string;
}) {
  const styles = useScheduleStyles();
  return (
    <Card>
      <div className={styles.sectionHead}>
        <Subtitle2 as="h3">Timeline</Subtitle2>
        <Toolbar aria-label="Timeline span" size="small">
          <ToggleButton size="small" checked={weeks === 2} onClick={() => onWeeks(2)}>
            2 weeks
          </ToggleButton>
          <ToggleButton size="small" checked={weeks === 4} onClick={() => onWeeks(4)}>
            4 weeks
          </ToggleButton>
        </Toolbar>
      </div>
      {timeline.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(timeline.error)}</MessageBarBody>
        </MessageBar>
      ) : timeline.segments ? (
        <ScheduleTimeline
          name={name}
          timeZone={timeZone}
          from={from}
          to={to}
          now={Date.now()}
          segments={timeline.segments}
          overrides={overrides}
          people={people}
          nameOf={nameOf}
        />
      ) : (
        <Spinner size="small" label="Drawing the timeline…" />
      )}
    </Card>
  );
}
