import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import type { Schemas } from '@vigil/shared';

type BadgeColor = 'brand' | 'danger' | 'important' | 'informative' | 'severe' | 'subtle' | 'success' | 'warning';

// The same colours as the public action page (remote-actions), so a state looks alike everywhere.
const STATE_COLOR: Record<Schemas['AlertState'], BadgeColor> = {
  open: 'danger',
  acknowledged: 'warning',
  escalated: 'severe',
  closed: 'success',
};

const SEVERITY_COLOR: Record<Schemas['AlertSeverity'], BadgeColor> = {
  critical: 'danger',
  high: 'severe',
  warning: 'warning',
  info: 'informative',
};

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const useStyles = makeStyles({
  cell: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

/** Whether an alert is held by a maintenance window now: until then it pages nobody. */
export const silencedNow = (silencedUntil: string | null | undefined): silencedUntil is string =>
  Boolean(silencedUntil && new Date(silencedUntil).getTime() > Date.now());

/** "Silenced by maintenance until …" (docs/oncall/maintenance.md). */
export const silencedText = (silencedUntil: string) => `Silenced by maintenance until ${new Date(silencedUntil).toLocaleString()}`;

/**
 * The State column: the state as a coloured badge, the severity as a quieter outline one, and
 * "Silenced" while a maintenance window holds the alert.
 */
export function AlertStateBadges({
  state,
  severity,
  silencedUntil,
}: {
  state: Schemas['AlertState'];
  severity: Schemas['AlertSeverity'];
  silencedUntil?: string | null;
}) {
  const styles = useStyles();
  return (
    <span className={styles.cell}>
      <Badge appearance="filled" color={STATE_COLOR[state]} shape="rounded">
        {capitalised(state)}
      </Badge>
      <Badge appearance="outline" color={SEVERITY_COLOR[severity]} shape="rounded" title={`Severity: ${severity}`}>
        {capitalised(severity)}
      </Badge>
      {state !== 'closed' && silencedNow(silencedUntil) && (
        <Badge appearance="tint" color="subtle" shape="rounded" title={silencedText(silencedUntil)}>
          Silenced
        </Badge>
      )}
    </span>
  );
}
