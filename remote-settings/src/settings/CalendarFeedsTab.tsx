import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import {
  type CalendarFeedCreated,
  CalendarFeedDialog,
  type CalendarFeedPublic,
  ConfirmDialog,
  errorText,
  SmallTable,
  type SmallTableColumn,
  useCalendarFeeds,
  useNotify,
  useRevokeCalendarFeed,
} from '@vigil/shared';
import { useState } from 'react';
import { CreateFeedDialog } from './CreateFeedDialog';
import { SettingsSection } from './SettingsSection';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  table: { minWidth: '480px' },
  scroll: { overflowX: 'auto' },
  prefix: { fontFamily: tokens.fontFamilyMonospace },
  dim: { color: tokens.colorNeutralForeground3 },
});

const when = (iso: string) => new Date(iso).toLocaleString();
/** What a feed shows, in words. */
export const feedShows = (feed: Pick<CalendarFeedPublic, 'kind' | 'schedule_name'>) =>
  feed.kind === 'my_shifts' ? 'My shifts' : `Schedule ${feed.schedule_name ?? ''}`.trim();
const feedLabel = (feed: CalendarFeedPublic) => feed.name ?? feedShows(feed);

/**
 * Calendar feeds (docs/oncall/calendars.md): the user's secret iCalendar URLs, of their own
 * shifts or of a schedule; "Create feed" shows the URL once; Revoke asks first, and the URL
 * stops at once.
 */
export function CalendarFeedsTab() {
  const styles = useStyles();
  const feeds = useCalendarFeeds();
  const revoke = useRevokeCalendarFeed();
  const notify = useNotify();
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const [revoking, setRevoking] = useState<CalendarFeedPublic | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      notify.success(`Calendar feed "${feedLabel(revoking)}" revoked.`);
    } catch (error) {
      notify.error(error);
    }
    setRevoking(null);
  };

  const columns: SmallTableColumn<CalendarFeedPublic>[] = [
    { header: 'Name', cell: (feed) => feed.name ?? <span className={styles.dim}>None</span> },
    { header: 'Shows', cell: feedShows },
    { header: 'URL', cell: (feed) => <span className={styles.prefix}>…/calendars/{feed.prefix}…</span> },
    {
      header: 'Last fetched',
      cell: (feed) => (feed.last_fetched_at ? when(feed.last_fetched_at) : <span className={styles.dim}>Never</span>),
    },
    {
      header: 'Actions',
      cell: (feed) => (
        <Button size="small" onClick={() => setRevoking(feed)} aria-label={`Revoke ${feedLabel(feed)}`}>
          Revoke
        </Button>
      ),
    },
  ];

  const list = feeds.data?.data ?? [];
  return (
    <SettingsSection
      title="Calendar feeds"
      description="Subscribe to your shifts, or a schedule's, in Google Calendar, Outlook or Apple Calendar: each feed is a secret URL, until you revoke it."
    >
      <div className={styles.actions}>
        <CreateFeedDialog onCreated={setCreated} />
      </div>
      {feeds.isError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>Your calendar feeds could not be loaded: {errorText(feeds.error)}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => feeds.refetch()}>Retry</Button>
          </MessageBarActions>
        </MessageBar>
      ) : feeds.isPending ? (
        <Spinner label="Loading your calendar feeds…" />
      ) : list.length === 0 ? (
        <Text className={styles.dim}>You have no calendar feeds.</Text>
      ) : (
        <div className={styles.scroll}>
          <SmallTable label="Calendar feeds" rows={list} rowKey={(feed) => feed.id} columns={columns} className={styles.table} />
        </div>
      )}
      <CalendarFeedDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke calendar feed"
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      >
        The feed <strong>{revoking ? feedLabel(revoking) : ''}</strong> stops at once: calendars subscribed to it no longer update. This
        cannot be undone.
      </ConfirmDialog>
    </SettingsSection>
  );
}
