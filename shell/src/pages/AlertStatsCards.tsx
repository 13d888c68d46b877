import { Caption1, makeStyles, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import { ALERT_SEVERITIES, type AlertSeverity, formatDuration, useAlertStats } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginTop: tokens.spacingVerticalXL,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow4,
    minWidth: 0,
  },
  label: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, margin: 0 },
  severities: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  severity: {
    display: 'flex',
    flexDirection: 'column',
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  figure: { fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  critical: { color: tokens.colorPaletteRedForeground1 },
  high: { color: tokens.colorPaletteDarkOrangeForeground1 },
  warning: { color: tokens.colorPaletteMarigoldForeground1 },
  info: { color: tokens.colorPaletteBlueForeground2 },
  muted: { color: tokens.colorNeutralForeground3 },
  skeleton: { width: '96px', height: tokens.lineHeightHero700 },
});

/** "Open alerts by severity" (each links to the filtered list), MTTA and MTTR of the last days. */
export function AlertStatsCards({ teamId }: { teamId?: string }) {
  const styles = useStyles();
  const stats = useAlertStats({ teamId });
  const value = (render: () => ReactNode, label: string) =>
    stats.isPending ? (
      <Skeleton aria-label={`Loading ${label}`}>
        <SkeletonItem className={styles.skeleton} />
      </Skeleton>
    ) : stats.isError ? (
      <Text className={styles.muted}>Could not load</Text>
    ) : (
      render()
    );
  const days = stats.data?.window_days;
  const window = days ? `Last ${days} days` : 'Recent alerts';

  return (
    <div className={styles.grid}>
      <section className={styles.card} aria-labelledby="open-by-severity">
        <h2 id="open-by-severity" className={styles.label}>
          Open alerts by severity
        </h2>
        {value(
          () => (
            <ul className={styles.severities} aria-label="Open alerts by severity">
              {ALERT_SEVERITIES.map((severity: AlertSeverity) => (
                <li key={severity}>
                  <Link
                    className={styles.severity}
                    to={`/alerts?state=open&severity=${severity}${teamId ? `&team=${teamId}` : ''}`}
                    aria-label={`${capitalised(severity)}: ${stats.data?.open_by_severity[severity]} open`}
                  >
                    <span className={`${styles.figure} ${styles[severity]}`} data-testid={`open-${severity}`}>
                      {stats.data?.open_by_severity[severity]}
                    </span>
                    <Caption1>{capitalised(severity)}</Caption1>
                  </Link>
                </li>
              ))}
            </ul>
          ),
          'open alerts by severity',
        )}
      </section>
      <section className={styles.card} aria-labelledby="mtta">
        <h2 id="mtta" className={styles.label}>
          MTTA
        </h2>
        {value(
          () => (
            <span className={styles.figure} data-testid="mtta">
              {formatDuration(stats.data?.mtta_seconds)}
            </span>
          ),
          'MTTA',
        )}
        <Caption1 className={styles.muted}>Mean time to acknowledge · {window}</Caption1>
      </section>
      <section className={styles.card} aria-labelledby="mttr">
        <h2 id="mttr" className={styles.label}>
          MTTR
        </h2>
        {value(
          () => (
            <span className={styles.figure} data-testid="mttr">
              {formatDuration(stats.data?.mttr_seconds)}
            </span>
          ),
          'MTTR',
        )}
        <Caption1 className={styles.muted}>Mean time to resolve · {window}</Caption1>
      </section>
    </div>
  );
}
