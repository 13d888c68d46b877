import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { backgroundColor: tokens.colorPaletteDarkRedBackground2, color: tokens.colorNeutralForegroundOnBrand },
  },
});

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, e.g. 'This alert will be permanently deleted.' */
  children: ReactNode;
  /** The confirming button, e.g. 'Delete'. */
  confirmLabel: string;
  cancelLabel?: string;
  /** Shows a spinner in the confirming button and blocks closing while the action runs. */
  busy?: boolean;
  /** A red confirming button, for deletions. */
  destructive?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or a click outside. */
  onCancel: () => void;
}

/** A modal "are you sure?" dialog, controlled by its caller. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const styles = useStyles();
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open && !busy) onCancel();
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onCancel}>
              {cancelLabel}
            </Button>
            <Button
              appearance="primary"
              className={destructive ? styles.danger : undefined}
              disabledFocusable={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              onClick={() => {
                if (!busy) onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
