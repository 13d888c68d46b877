import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { ErrorCircleRegular } from '@fluentui/react-icons';
import { ConfirmDialog, errorText } from '@vigil/shared';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  refusal: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
  },
  icon: { flexShrink: 0, fontSize: '20px' },
});

export interface ActionDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  destructive?: boolean;
  busy: boolean;
  /** The last refusal: shown in the dialog, which stays open (the API's 409 says what to do first). */
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/**
 * A confirmation whose refusal stays on screen: leaving, removing a member and deleting a team
 * are refused with a sentence saying what to change first (the last admin, a schedule or policy
 * that still pages them, what the team still owns), which a toast would take away too soon.
 */
export function ActionDialog({ error, children, ...props }: ActionDialogProps) {
  const styles = useStyles();
  return (
    <ConfirmDialog {...props}>
      <div className={styles.body}>
        <div>{children}</div>
        {error ? (
          <div role="alert" className={styles.refusal}>
            <ErrorCircleRegular className={styles.icon} aria-hidden="true" />
            <Text>{errorText(error)}</Text>
          </div>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
