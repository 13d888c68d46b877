import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  Spinner,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import { errorText, PageHeader, useCurrentUser } from '@vigil/shared';
import { useSearchParams } from 'react-router-dom';
import { ApiTokensTab } from '../settings/ApiTokensTab';
import { AppearanceTab } from '../settings/AppearanceTab';
import { CalendarFeedsTab } from '../settings/CalendarFeedsTab';
import { ChatAccountsTab } from '../settings/ChatAccountsTab';
import { DangerZoneTab } from '../settings/DangerZoneTab';
import { PasswordTab } from '../settings/PasswordTab';
import { ProfileTab } from '../settings/ProfileTab';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column' },
  // Five tabs do not fit a 360 px phone: the strip scrolls sideways instead of wrapping.
  tabs: {
    overflowX: 'auto',
    scrollbarWidth: 'none',
    // A tab scrolled to (by focus, or scrollIntoView) stops this far from the edge: tabs have
    // fractional widths and the scroll position is whole pixels, so flush it would lose a sliver.
    scrollPaddingInline: tokens.spacingHorizontalXS,
    marginBottom: tokens.spacingVerticalL,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  // Room at the end for that scroll padding, so the last tab can be scrolled to whole.
  tabList: { flexWrap: 'nowrap', width: 'max-content', paddingInlineEnd: tokens.spacingHorizontalXS },
  // Tighter, smaller tabs on phones so most of them fit 360 px.
  tab: { '@media (max-width: 480px)': { paddingInline: tokens.spacingHorizontalSNudge } },
  tabText: { '@media (max-width: 480px)': { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 } },
  panel: { outline: 'none' },
});

const TABS = [
  { value: 'profile', label: 'My profile' },
  { value: 'password', label: 'Password' },
  { value: 'appearance', label: 'Appearance' },
  { value: 'api-tokens', label: 'API tokens' },
  { value: 'calendar-feeds', label: 'Calendar feeds' },
  { value: 'chat-accounts', label: 'Chat accounts' },
  { value: 'danger-zone', label: 'Danger zone' },
] as const;

type TabValue = (typeof TABS)[number]['value'];

/** /settings (docs/product.md §2.7): My profile, Password, Appearance, API tokens, Calendar feeds, Chat accounts and, for ordinary users, Danger zone. */
export default function SettingsPage() {
  const styles = useStyles();
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const user = me.data;
  // Spec §6: superusers do not see the Danger zone (they cannot delete themselves).
  const tabs = TABS.filter((tab) => tab.value !== 'danger-zone' || (user && !user.is_superuser));
  const asked = params.get('tab');
  const selected: TabValue = tabs.find((tab) => tab.value === asked)?.value ?? 'profile';

  const select = (value: TabValue) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'profile') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <div className={styles.root}>
      <PageHeader
        title="User Settings"
        description="Your profile, password, how the console looks, your API tokens, calendar feeds and chat accounts."
      />
      <div className={styles.tabs}>
        <TabList className={styles.tabList} selectedValue={selected} onTabSelect={(_, data) => select(data.value as TabValue)}>
          {tabs.map((tab) => (
            <Tab
              key={tab.value}
              className={styles.tab}
              content={{ className: styles.tabText }}
              value={tab.value}
              id={`settings-tab-${tab.value}`}
              aria-controls="settings-panel"
            >
              {tab.label}
            </Tab>
          ))}
        </TabList>
      </div>
      <div id="settings-panel" role="tabpanel" aria-labelledby={`settings-tab-${selected}`} className={styles.panel}>
        {!user && me.isError ? (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>
              <MessageBarTitle>Your settings could not be loaded</MessageBarTitle>
              {errorText(me.error)}
            </MessageBarBody>
            <MessageBarActions>
              <Button onClick={() => me.refetch()}>Retry</Button>
            </MessageBarActions>
          </MessageBar>
        ) : !user ? (
          <Spinner label="Loading your settings…" />
        ) : selected === 'profile' ? (
          <ProfileTab key={user.id} user={user} />
        ) : selected === 'password' ? (
          <PasswordTab />
        ) : selected === 'appearance' ? (
          <AppearanceTab />
        ) : selected === 'api-tokens' ? (
          <ApiTokensTab />
        ) : selected === 'calendar-feeds' ? (
          <CalendarFeedsTab />
        ) : selected === 'chat-accounts' ? (
          <ChatAccountsTab />
        ) : (
          <DangerZoneTab />
        )}
      </div>
    </div>
  );
}
