import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DismissCircleRegular } from '@fluentui/react-icons';
import type { AlertBulkActionName } from '@vigil/shared';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '32px',
    marginBottom: tokens.spacingVerticalS,
  },
  count: { color: tokens.colorNeutralForeground2, marginInlineEnd: tokens.spacingHorizontalS },
});

interface Props {
  count: number;
  busy: AlertBulkActionName | undefined;
  onAction: (action: AlertBulkActionName) => void;
  onClear: () => void;
}

/** Acts on the ticked alerts; disabled (not hidden) with nothing ticked, so the layout holds still. */
export function BulkActionsBar({ count, busy, onAction, onClear }: Props) {
  const styles = useStyles();
  const none = count === 0;
  return (
    <div role="toolbar" aria-label="Selected alerts" className={styles.bar}>
      <Text className={styles.count} aria-live="polite">
        {none ? 'Select alerts to act on several at once' : `${count} selected`}
      </Text>
      <Button
        icon={busy === 'acknowledge' ? <Spinner size="tiny" /> : <CheckmarkCircleRegular />}
        disabled={none || Boolean(busy)}
        onClick={() => onAction('acknowledge')}
      >
        Acknowledge
      </Button>
      <Button
        icon={busy === 'close' ? <Spinner size="tiny" /> : <DismissCircleRegular />}
        disabled={none || Boolean(busy)}
        onClick={() => onAction('close')}
      >
        Close
      </Button>
      {!none && (
        <Button appearance="subtle" onClick={onClear} disabled={Boolean(busy)}>
          Clear selection
        </Button>
      )}
    </div>
  );
}
