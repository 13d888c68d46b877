import { Badge, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import type { LastMethodTest } from '@vigil/shared';

const useStyles = makeStyles({
  cell: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  error: { color: tokens.colorPaletteRedForeground1, wordBreak: 'break-word' },
  when: { color: tokens.colorNeutralForeground3 },
});

const when = (instant: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(instant),
  );

const BADGES: Record<LastMethodTest['status'], { text: string; color: 'success' | 'informative' | 'danger' | 'warning' }> = {
  sent: { text: 'Test sent', color: 'success' },
  pending: { text: 'Test on its way', color: 'informative' },
  failed: { text: 'Test failed', color: 'danger' },
  skipped: { text: 'Test not sent', color: 'warning' },
};

/** A method's latest test: how it went, when, and a receiver's error (a pending test's is its last attempt's: it is retried). */
export function LastTestCell({ test }: { test: LastMethodTest | null }) {
  const styles = useStyles();
  if (!test) return <Caption1 className={styles.when}>Never tested</Caption1>;
  const badge = BADGES[test.status];
  return (
    <span className={styles.cell}>
      <Badge appearance="tint" color={badge.color}>
        {badge.text}
      </Badge>
      <Caption1 className={styles.when}>{when(test.sent_at ?? test.requested_at)}</Caption1>
      {test.error && <Caption1 className={styles.error}>{test.status === 'pending' ? `Retrying: ${test.error}` : test.error}</Caption1>}
    </span>
  );
}
