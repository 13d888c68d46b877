import { Caption1, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import {
  AlertFilled,
  AlertRegular,
  AppsFilled,
  AppsRegular,
  BookFilled,
  BookRegular,
  bundleIcon,
  CalendarClockFilled,
  CalendarClockRegular,
  ClockFilled,
  ClockRegular,
  HomeFilled,
  HomeRegular,
  PeopleFilled,
  PeopleRegular,
  PersonSettingsFilled,
  PersonSettingsRegular,
  PlugConnectedFilled,
  PlugConnectedRegular,
  ShieldPersonFilled,
  ShieldPersonRegular,
} from '@fluentui/react-icons';
import { useCurrentUser } from '@vigil/shared';
import { NavLink } from 'react-router-dom';
import { useDeclaredRoutes } from '../remotes/declaredRoutes';
import type { RouteIcon } from '../remotes/remotesMapEntries';

const Home = bundleIcon(HomeFilled, HomeRegular);

/** The icons a remote may name for its menu entry in the remotes map. */
const ROUTE_ICON: Record<RouteIcon, typeof Home> = {
  apps: bundleIcon(AppsFilled, AppsRegular),
  calendar: bundleIcon(CalendarClockFilled, CalendarClockRegular),
  people: bundleIcon(PeopleFilled, PeopleRegular),
  clock: bundleIcon(ClockFilled, ClockRegular),
  alert: bundleIcon(AlertFilled, AlertRegular),
  plug: bundleIcon(PlugConnectedFilled, PlugConnectedRegular),
  settings: bundleIcon(PersonSettingsFilled, PersonSettingsRegular),
  shield: bundleIcon(ShieldPersonFilled, ShieldPersonRegular),
  book: bundleIcon(BookFilled, BookRegular),
};

interface Entry {
  to: string;
  label: string;
  Icon: typeof Home;
  end?: boolean;
  superuserOnly?: boolean;
}

/** The shell's own page; every other entry is a remote's, from the remotes map. */
const DASHBOARD: Entry = { to: '/', label: 'Dashboard', Icon: Home, end: true };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, listStyleType: 'none', margin: 0, padding: 0 },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '40px',
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase300,
    position: 'relative',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground2Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  active: {
    backgroundColor: tokens.colorSubtleBackgroundSelected,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    // The selected entry carries a brand-coloured bar on its leading edge, as Fluent's Nav does.
    '::before': {
      content: '""',
      position: 'absolute',
      insetInlineStart: 0,
      top: '10px',
      bottom: '10px',
      width: '3px',
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorCompoundBrandStroke,
    },
    '& svg': { color: tokens.colorCompoundBrandForeground1 },
  },
  icon: { fontSize: '20px', flexShrink: 0 },
  footer: {
    marginTop: 'auto',
    paddingTop: tokens.spacingVerticalM,
    paddingInline: tokens.spacingHorizontalM,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    minWidth: 0,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  email: { overflowWrap: 'anywhere' },
});

/** The console's navigation with "Logged in as", used by the side menu and by the drawer. */
export function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const styles = useStyles();
  const { data: user } = useCurrentUser();
  const { routes } = useDeclaredRoutes();
  // Spec §2: Dashboard, then the remotes' pages in their declared order (Admin, superusers only, last).
  const all: Entry[] = [
    DASHBOARD,
    ...routes.map(({ path, label, icon, superuserOnly }) => ({ to: `/${path}`, label, Icon: ROUTE_ICON[icon], superuserOnly })),
  ];
  const entries = all.filter((entry) => !entry.superuserOnly || user?.is_superuser);
  return (
    <div className={styles.root}>
      <nav aria-label="Main">
        <ul className={styles.list}>
          {entries.map(({ to, label, Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={onNavigate}
                className={({ isActive }) => mergeClasses(styles.link, isActive && styles.active)}
              >
                {({ isActive }) => (
                  <>
                    <Icon className={styles.icon} filled={isActive} aria-hidden />
                    {label}
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {user && (
        <div className={styles.footer}>
          <Caption1 className={styles.muted}>Logged in as</Caption1>
          <Text size={200} weight="semibold" className={styles.email} data-testid="logged-in-email">
            {user.email}
          </Text>
        </div>
      )}
    </div>
  );
}
