import {
  Link,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { CalendarPersonRegular } from '@fluentui/react-icons';
import { EmptyState, errorText, formatDuration, useMyShifts } from '@vigil/shared';
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
      <Table className={styles.table} aria-label="My shifts">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Schedule</TableHeaderCell>
            <TableHeaderCell>From</TableHeaderCell>
            <TableHeaderCell>Until</TableHeaderCell>
            <TableHeaderCell>Length</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shifts.data.data.map((s) => (
            <TableRow key={`${s.schedule_id}-${s.start}`}>
              <TableCell>
                <Link as="button" onClick={() => navigate(`/oncall/schedules/${s.schedule_id}`)}>
                  {s.schedule_name}
                </Link>
              </TableCell>
              <TableCell>{formatWhen(s.start, zone)}</TableCell>
              <TableCell>{formatWhen(s.end, zone)}</TableCell>
              <TableCell>{formatDuration((Date.parse(s.end) - Date.parse(s.start)) / 1000)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
