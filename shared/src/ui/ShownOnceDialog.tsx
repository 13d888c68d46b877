import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Input,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { WarningRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { CopyButton } from './CopyButton';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  secret: { flexGrow: 1, minWidth: 0, fontFamily: tokens.fontFamilyMonospace },
  warning: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'flex-start',
    margin: 0,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteYellowBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteYellowBorder1}`,
  },
  icon: { flexShrink: 0, fontSize: tokens.fontSizeBase500, color: tokens.colorPaletteDarkOrangeForeground1 },
});

export interface ShownOnceDialogProps {
  /** The secret (a token, a URL holding one); null: the dialog is closed. */
  secret: string | null;
  title: string;
  /** The read-only field's accessible name ("API token", "Feed URL"). */
  label: string;
  /** Says it is not shown again, and what to do if it is lost. */
  warning: string;
  /** How to use it, under the field. */
  children?: ReactNode;
  onClose: () => void;
}

/**
 * A secret the server answers once (a new token, a feed's URL): a warning that it is not shown
 * again, the value read-only with a Copy button, and Done. An alert dialog: a click outside does
 * not close it, so the secret is not lost by accident.
 */
export function ShownOnceDialog({ secret, title, label, warning, children, onClose }: ShownOnceDialogProps) {
  const styles = useStyles();
  return (
    <Dialog open={secret !== null} modalType="alert" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            {/* Not a MessageBar: its reflow needs ResizeObserver, which the unit tests' jsdom lacks. */}
            <p className={styles.warning} role="alert">
              <WarningRegular className={styles.icon} />
              {warning}
            </p>
            <div className={styles.row}>
              <Input className={styles.secret} readOnly value={secret ?? ''} aria-label={label} />
              <CopyButton text={secret ?? ''} />
            </div>
            {children}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Done
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
