import { Link, MessageBar, MessageBarBody, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { CalendarPersonRegular } from '@fluentui/react-icons';
import { EmptyState, errorText, formatDuration, SmallTable, useMyShifts } from '@vigil/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatWhen } from '../format';

const SPAN_DAYS = 28;
export const NO_SHIFTS = 'You have no shifts in the next four weeks';

const useStyles = makeStyles({
  scroller: {
    overflowX: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  table: { minWidth: '560px' },
});

/** /oncall/my-shifts — the signed-in user's time on call in the next four weeks, across schedules. */
export function MyShifts() {
  const styles = useStyles();
  const navigate = useNavigate();
  const [{ from, to }] = useState(() => {
    const now = Date.now();
    return { from: new Date(now).toISOString(), to: new Date(now + SPAN_DAYS * 86_400_000).toISOString() };
  });
  const shifts = useMyShifts(from, to);
  // The viewer's own zone: their shifts across schedules read on their clock.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  if (shifts.isPending) return <Spinner label="Loading your shifts…" />;
  if (shifts.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(shifts.error)}</MessageBarBody>
      </MessageBar>
    );
  if (shifts.data.data.length === 0)
    return (
      <EmptyState
        title={NO_SHIFTS}
        description="When a rotation or an override puts you on call, it shows here."
        icon={<CalendarPersonRegular />}
      />
    );
  return (
    <div className={styles.scroller}>
      <SmallTable
        label="My shifts"
        size="medium"
        className={styles.table}
        rows={shifts.data.data}
        rowKey={(s) => `${s.schedule_id}-${s.start}`}
        columns={[
          {
            header: 'Schedule',
            cell: (s) => (
              <Link as="button" onClick={() => navigate(`/oncall/schedules/${s.schedule_id}`)}>
                {s.schedule_name}
              </Link>
            ),
          },
          { header: 'From', cell: (s) => formatWhen(s.start, zone) },
          { header: 'Until', cell: (s) => formatWhen(s.end, zone) },
          { header: 'Length', cell: (s) => formatDuration((Date.parse(s.end) - Date.parse(s.start)) / 1000) },
        ]}
      />
    </div>
  );
}
