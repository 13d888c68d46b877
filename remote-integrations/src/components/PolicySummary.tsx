import { Body1Strong, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { type EscalationPolicyPublic, levelsSummary, repeatAndStopText } from '@vigil/shared';
import { RouteLink } from './RouteLink';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The On call page of a policy: its row marked, its editor open for whoever may change it. */
const policyPath = (id: string) => `/oncall/policies/${id}`;

/**
 * The policy an integration escalates by, in brief: its name, levels and delays, repeat and
 * where the timer stops, with a link to it under On call, where its levels are edited.
 */
export function PolicySummary({ policy }: { policy: EscalationPolicyPublic }) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label="Escalation policy in use">
      <Body1Strong>{policy.name}</Body1Strong>
      <Caption1 className={styles.muted}>
        {levelsSummary(policy.levels)} · {repeatAndStopText(policy.repeat, policy.max_level)}
      </Caption1>
      <RouteLink to={policyPath(policy.id)}>Open this policy in On call</RouteLink>
    </section>
  );
}
