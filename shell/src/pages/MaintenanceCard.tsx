import { Caption1, makeStyles, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import { WrenchRegular } from '@fluentui/react-icons';
import { useActiveMaintenance } from '@vigil/shared';
import { Link } from 'react-router-dom';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalXL,
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow4,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  icon: { color: tokens.colorPaletteMarigoldForeground2, fontSize: '20px' },
  label: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, margin: 0 },
  list: { margin: 0, padding: 0, listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'baseline' },
  name: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
  skeleton: { width: '240px' },
});

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

/**
 * "In maintenance now" (docs/oncall/maintenance.md): the windows of the user's teams (or the
 * chosen one's) in progress, each with its end and the alerts it silences, linking to its
 * integration. Nothing at all while none is in progress.
 */
export function MaintenanceCard({ teamId }: { teamId?: string }) {
  const styles = useStyles();
  const active = useActiveMaintenance({ teamId });
  if (active.isPending) {
    return (
      <Skeleton className={styles.card} aria-label="Loading the maintenance windows">
        <SkeletonItem className={styles.skeleton} />
      </Skeleton>
    );
  }
  if (active.isError) return null;
  const windows = active.data.data;
  if (windows.length === 0) return null;
  const silenced = windows.reduce((sum, w) => sum + w.silenced_alerts, 0);
  return (
    <section className={styles.card} aria-labelledby="in-maintenance">
      <div className={styles.head}>
        <WrenchRegular className={styles.icon} aria-hidden />
        <h2 id="in-maintenance" className={styles.label}>
          In maintenance now
        </h2>
        <Caption1 className={styles.muted} data-testid="silenced-count">
          {silenced === 1 ? '1 alert silenced' : `${silenced} alerts silenced`}
        </Caption1>
      </div>
      <ul className={styles.list} aria-label="Maintenance windows in progress">
        {windows.map((w) => (
          <li key={w.id} className={styles.item}>
            {w.integration_id ? (
              <Link className={styles.name} to={`/integrations?integration=${w.integration_id}`}>
                {w.name}
              </Link>
            ) : (
              <Text className={styles.name}>{w.name}</Text>
            )}
            <Caption1 className={styles.muted}>
              {w.integration_id ? '' : 'whole team · '}until {time(w.current_end)} · {w.silenced_alerts} silenced
            </Caption1>
          </li>
        ))}
      </ul>
    </section>
  );
}
