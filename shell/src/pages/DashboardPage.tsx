import { Caption1, makeStyles, Skeleton, SkeletonItem, shorthands, Text, tokens } from '@fluentui/react-components';
import { AlertRegular, ArrowRightRegular, PlugConnectedRegular } from '@fluentui/react-icons';
import {
  PageHeader,
  TeamFilter,
  useAlertChanges,
  useAlertsCount,
  useCurrentUser,
  useIntegrationsCount,
  useTeamFilterParam,
} from '@vigil/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AlertStatsCards } from './AlertStatsCards';
import { MaintenanceCard } from './MaintenanceCard';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: tokens.spacingHorizontalL },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow4,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    transitionProperty: 'box-shadow, border-color, transform',
    transitionDuration: tokens.durationFast,
    ':hover': { boxShadow: tokens.shadow16, ...shorthands.borderColor(tokens.colorBrandStroke2) },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  badge: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '40px',
    height: '40px',
    borderRadius: tokens.borderRadiusLarge,
    fontSize: '22px',
    flexShrink: 0,
  },
  integrations: { backgroundColor: tokens.colorPaletteBlueBackground2, color: tokens.colorPaletteBlueForeground2 },
  alerts: { backgroundColor: tokens.colorPaletteMarigoldBackground2, color: tokens.colorPaletteMarigoldForeground2 },
  label: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  count: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightSemibold },
  countSkeleton: { width: '72px', height: tokens.lineHeightHero800 },
  muted: { color: tokens.colorNeutralForeground3 },
  more: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, color: tokens.colorBrandForeground1 },
});

interface CountCardProps {
  to: string;
  label: string;
  icon: ReactNode;
  tone: 'integrations' | 'alerts';
  query: { data?: number; isPending: boolean; isError: boolean };
  linkText: string;
}

/** A dashboard card: the whole card links to the list it counts. */
function CountCard({ to, label, icon, tone, query, linkText }: CountCardProps) {
  const styles = useStyles();
  let count: ReactNode;
  if (query.isPending) {
    count = (
      <Skeleton aria-label={`Loading ${label} count`}>
        <SkeletonItem className={styles.countSkeleton} />
      </Skeleton>
    );
  } else if (query.isError) {
    count = <Text className={styles.muted}>Could not load the count</Text>;
  } else {
    count = (
      <span className={styles.count} data-testid={`${tone}-count`}>
        {query.data}
      </span>
    );
  }
  return (
    <Link to={to} className={styles.card}>
      <div className={styles.head}>
        <span className={`${styles.badge} ${styles[tone]}`} aria-hidden>
          {icon}
        </span>
        <span className={styles.label}>{label}</span>
      </div>
      {count}
      <Caption1 className={styles.more}>
        {linkText} <ArrowRightRegular aria-hidden />
      </Caption1>
    </Link>
  );
}

/**
 * `/` (docs/product.md §2.4): the counts of integrations and alerts, each linking to its list;
 * the maintenance windows in progress, if any; then open alerts by severity, MTTA and MTTR.
 */
export default function DashboardPage() {
  const styles = useStyles();
  const { data: user } = useCurrentUser();
  const { teamId, setTeamId } = useTeamFilterParam();
  const integrations = useIntegrationsCount({ teamId });
  const alerts = useAlertsCount({ teamId });
  // The cards lead to their lists narrowed the same way.
  const narrowed = teamId ? `?team=${teamId}` : '';
  // Counts and figures follow changes made anywhere (another console, a public link, a webhook).
  useAlertChanges();
  const name = user?.full_name?.trim() || user?.email;
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={name ? `Hi, ${name}. Welcome back, nice to see you again!` : 'Welcome back!'}
        actions={<TeamFilter teamId={teamId} onChange={setTeamId} />}
      />
      <div className={styles.grid}>
        <CountCard
          to={`/integrations${narrowed}`}
          label="Integrations"
          icon={<PlugConnectedRegular />}
          tone="integrations"
          query={integrations}
          linkText="View integrations"
        />
        <CountCard to={`/alerts${narrowed}`} label="Alerts" icon={<AlertRegular />} tone="alerts" query={alerts} linkText="View alerts" />
      </div>
      <MaintenanceCard teamId={teamId} />
      <AlertStatsCards teamId={teamId} />
    </>
  );
}
