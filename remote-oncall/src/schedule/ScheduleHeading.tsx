import { Body1, Button, Caption1, Card, CardHeader, Link, makeStyles, Subtitle2, Text, Toolbar, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowLeftRegular, CalendarAddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import type { ScheduleDetail } from '@vigil/shared';
import { useNavigate } from 'react-router-dom';
import type { useOnCallText } from '../components/OnCallNow';
import { useScheduleStyles } from './scheduleStyles';

const useStyles = makeStyles({
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  title: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  now: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: tokens.spacingHorizontalL },
  card: { minWidth: 0 },
  toolbar: { flexWrap: 'wrap' },
});

/**
 * The way back to the list, the schedule's name, zone and description, Subscribe (iCal) and
 * Export on-call hours for every reader, and (for who may change it) Edit and Delete.
 */
export function ScheduleHeading({
  schedule,
  canEdit,
  onEdit,
  onDelete,
  onSubscribe,
  onExport,
}: {
  schedule: ScheduleDetail;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onSubscribe: () => void;
  onExport: () => void;
}) {
  const styles = useStyles();
  const shared = useScheduleStyles();
  const navigate = useNavigate();
  return (
    <div className={styles.head}>
      <div className={styles.title}>
        <Link as="button" onClick={() => navigate('/oncall')}>
          <ArrowLeftRegular aria-hidden /> All schedules
        </Link>
        <Subtitle2 as="h2">{schedule.name}</Subtitle2>
        <Caption1 className={shared.muted}>
          {schedule.time_zone}
          {schedule.description ? ` · ${schedule.description}` : ''}
        </Caption1>
      </div>
      <Toolbar aria-label="Schedule actions" className={styles.toolbar}>
        <Button icon={<CalendarAddRegular />} onClick={onSubscribe}>
          Subscribe (iCal)
        </Button>
        <Button icon={<ArrowDownloadRegular />} onClick={onExport}>
          Export on-call hours
        </Button>
        {canEdit && (
          <>
            <Button icon={<EditRegular />} onClick={onEdit}>
              Edit
            </Button>
            <Button icon={<DeleteRegular />} onClick={onDelete}>
              Delete
            </Button>
          </>
        )}
      </Toolbar>
    </div>
  );
}

/** Who is on call now, and the next change. */
export function OnCallCards({ onCall }: { onCall: ReturnType<typeof useOnCallText> }) {
  const styles = useStyles();
  const shared = useScheduleStyles();
  return (
    <div className={styles.now}>
      <Card className={styles.card}>
        <CardHeader header={<Caption1 className={shared.muted}>On call now</Caption1>} />
        <Text size={500} weight="semibold" data-testid="on-call-now">
          {onCall.loading ? '…' : onCall.now}
        </Text>
      </Card>
      <Card className={styles.card}>
        <CardHeader header={<Caption1 className={shared.muted}>Next</Caption1>} />
        <Body1 data-testid="on-call-next">{onCall.loading ? '…' : onCall.next}</Body1>
      </Card>
    </div>
  );
}
