import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { type CalendarFeedCreated, webcalUrl } from '../query/calendarFeeds';
import { ShownOnceDialog } from './ShownOnceDialog';

export const FEED_SHOWN_ONCE =
  'Copy this URL now: it is not shown again. Anyone who has it sees these shifts; if it leaks, revoke the feed in Settings › Calendar feeds.';

const useStyles = makeStyles({
  steps: {
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
});

/** A new calendar feed's URL, shown this once, with how to subscribe to it (docs/oncall/calendars.md). */
export function CalendarFeedDialog({ created, onClose }: { created: CalendarFeedCreated | null; onClose: () => void }) {
  const styles = useStyles();
  const what = created?.schedule_name ?? 'My shifts';
  return (
    <ShownOnceDialog
      secret={created?.url ?? null}
      title={`Calendar feed: ${what}`}
      label="Feed URL"
      warning={FEED_SHOWN_ONCE}
      onClose={onClose}
    >
      <ul className={styles.steps}>
        <li>Google Calendar: Other calendars › + › From URL, then paste it.</li>
        <li>Outlook: Add calendar › Subscribe from web, then paste it.</li>
        <li>
          Apple Calendar: File › New Calendar Subscription, or{' '}
          <Link href={created ? webcalUrl(created.url) : undefined}>open it in your calendar app</Link>.
        </li>
      </ul>
    </ShownOnceDialog>
  );
}
