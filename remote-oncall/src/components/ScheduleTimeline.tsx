import { Caption1, makeStyles, mergeClasses, Text, Tooltip, tokens } from '@fluentui/react-components';
import type { OverridePublic, TimelineSegment } from '@vigil/shared';
import { formatDay, formatSpan } from '../format';
import { PALETTE } from '../people';
import { layoutTimeline } from '../timeline/timelineLayout';

const LANE_HEIGHT = 28;

const useStyles = makeStyles({
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  row: {
    display: 'grid',
    gridTemplateColumns: '140px 1fr',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    // On a phone the name goes above its track, which then has the full width.
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr', gap: tokens.spacingVerticalXXS },
  },
  name: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
  },
  swatch: { width: '10px', height: '10px', borderRadius: tokens.borderRadiusCircular, flexShrink: 0 },
  track: {
    position: 'relative',
    height: `${LANE_HEIGHT}px`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    overflow: 'hidden',
  },
  axis: { position: 'relative', height: '20px', '@media (max-width: 600px)': { display: 'none' } },
  axisPhone: { display: 'none', position: 'relative', height: '20px', '@media (max-width: 600px)': { display: 'block' } },
  dayLabel: { position: 'absolute', top: 0, paddingInlineStart: '2px', color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  dayLine: { position: 'absolute', top: 0, bottom: 0, width: '1px', backgroundColor: tokens.colorNeutralStroke2 },
  bar: {
    position: 'absolute',
    top: '3px',
    bottom: '3px',
    borderRadius: tokens.borderRadiusSmall,
    borderLeftWidth: '3px',
    borderLeftStyle: 'solid',
    boxSizing: 'border-box',
    minWidth: '3px',
    padding: 0,
    borderTopStyle: 'none',
    borderRightStyle: 'none',
    borderBottomStyle: 'none',
    cursor: 'default',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  override: {
    backgroundImage: `repeating-linear-gradient(135deg, transparent 0 5px, ${tokens.colorNeutralStroke1} 5px 7px)`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderLeftColor: tokens.colorBrandStroke1,
  },
  remove: { borderLeftColor: tokens.colorPaletteRedBorderActive },
  now: {
    position: 'absolute',
    top: 0,
    bottom: 0,
    width: '2px',
    marginLeft: '-1px',
    backgroundColor: tokens.colorPaletteRedBorderActive,
    pointerEvents: 'none',
    zIndex: 1,
  },
  nowLabel: {
    position: 'absolute',
    top: 0,
    transform: 'translateX(-50%)',
    color: tokens.colorPaletteRedForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  body: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface ScheduleTimelineProps {
  name: string;
  timeZone: string;
  from: number;
  to: number;
  now: number;
  segments: TimelineSegment[];
  overrides: OverridePublic[];
  /** Rotation members, in order: their colours. */
  people: string[];
  nameOf: (id: string) => string;
}

const OVERRIDE_WORDS = { replace: 'replaces', add: 'is added', remove: 'is taken off' } as const;

/**
 * A schedule's coming weeks as a picture: a lane per person with their time on call as
 * coloured bars, a lane of overrides (hatched), a line at each midnight where the schedule is,
 * and a red now-marker. Each bar is focusable and names itself (a tooltip, and its accessible
 * name: "Ann Lee on call Fri 28 Nov, 09:00 – Fri 5 Dec, 09:00").
 */
export function ScheduleTimeline(props: ScheduleTimelineProps) {
  const styles = useStyles();
  const { timeZone, nameOf } = props;
  const layout = layoutTimeline({ ...props, paletteSize: PALETTE.length });
  // On a phone every other day is labelled (weeks: each Monday-ish seventh), so labels never overlap.
  const everyNth = (n: number) => layout.days.filter((_, i) => i % n === 0);
  const dayStep = layout.days.length > 16 ? 2 : 1;
  // A label at the span's end would hang past it.
  const axis = (days: typeof layout.days, className: string) => (
    <div className={className} aria-hidden>
      {days
        .filter((d) => d.left < 96)
        .map((d) => (
          <Caption1 key={d.at} className={styles.dayLabel} style={{ left: `${d.left}%` }}>
            {formatDay(d.at, timeZone)}
          </Caption1>
        ))}
    </div>
  );
  const dayLines = layout.days.map((d) => <span key={d.at} className={styles.dayLine} style={{ left: `${d.left}%` }} aria-hidden />);
  const nowLine = layout.now === null ? null : <span className={styles.now} style={{ left: `${layout.now}%` }} aria-hidden />;
  const overrideText = (o: (typeof layout.overrides)[number]) => {
    const who = nameOf(o.userId);
    const what =
      o.kind === 'replace' && o.replacesUserId ? `${who} replaces ${nameOf(o.replacesUserId)}` : `${who} ${OVERRIDE_WORDS[o.kind]}`;
    return `Override: ${what}, ${formatSpan(o.start, o.end, timeZone)}`;
  };

  return (
    <figure className={styles.figure} aria-label={`Timeline of ${props.name}`} data-testid="schedule-timeline">
      <div className={styles.row}>
        <span />
        <div style={{ position: 'relative' }}>
          {axis(layout.days, styles.axis)}
          {axis(everyNth(dayStep * 3), styles.axisPhone)}
          {layout.now !== null && (
            <Caption1 className={styles.nowLabel} style={{ left: `${layout.now}%`, top: '-18px' }} aria-hidden>
              Now
            </Caption1>
          )}
        </div>
      </div>
      <ul className={styles.body} aria-label="People on call">
        {layout.lanes.length === 0 && <Text className={styles.muted}>No one is on call in these weeks.</Text>}
        {layout.lanes.map((lane) => {
          const colour = PALETTE[lane.colour]!;
          const name = nameOf(lane.userId);
          return (
            <li key={lane.userId} className={styles.row} aria-label={name}>
              <Text className={styles.name} size={200} weight="semibold">
                <span className={styles.swatch} style={{ backgroundColor: colour.border }} aria-hidden />
                {name}
              </Text>
              <div className={styles.track}>
                {dayLines}
                {nowLine}
                {lane.bars.map((bar) => {
                  const label = `${name} on call ${formatSpan(bar.start, bar.end, timeZone)}`;
                  return (
                    <Tooltip key={bar.start} content={label} relationship="label" withArrow>
                      <button
                        type="button"
                        className={styles.bar}
                        data-testid="timeline-bar"
                        style={{
                          left: `${bar.left}%`,
                          width: `${bar.width}%`,
                          backgroundColor: colour.background,
                          borderLeftColor: colour.border,
                        }}
                      />
                    </Tooltip>
                  );
                })}
              </div>
            </li>
          );
        })}
        {layout.overrides.length > 0 && (
          <li className={styles.row} aria-label="Overrides">
            <Text className={styles.name} size={200} weight="semibold">
              Overrides
            </Text>
            <div className={styles.track}>
              {dayLines}
              {nowLine}
              {layout.overrides.map((o) => (
                <Tooltip key={o.id} content={overrideText(o)} relationship="label" withArrow>
                  <button
                    type="button"
                    data-testid="timeline-override"
                    className={mergeClasses(styles.bar, styles.override, o.kind === 'remove' && styles.remove)}
                    style={{ left: `${o.left}%`, width: `${o.width}%` }}
                  />
                </Tooltip>
              ))}
            </div>
          </li>
        )}
      </ul>
    </figure>
  );
}
