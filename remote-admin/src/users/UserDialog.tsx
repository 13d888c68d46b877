import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { FormEvent, ReactNode } from 'react';

const useStyles = makeStyles({
  surface: { maxWidth: '560px', width: `calc(100vw - 2 * ${tokens.spacingHorizontalL})` },
  description: { color: tokens.colorNeutralForeground3, marginTop: 0, marginBottom: tokens.spacingVerticalL },
  // On phones the buttons take the full width, Save on top.
  actions: { '@media (max-width: 480px)': { flexDirection: 'column-reverse', '& > button': { width: '100%' } } },
});

interface Props {
  open: boolean;
  title: string;
  description: string;
  /** Save is disabled while false (docs/product.md §5.5: until the form is valid). */
  canSave: boolean;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
  /** Cancel, the close button, Escape or a click outside (ignored while saving). */
  onClose: () => void;
  children: ReactNode;
}

/** The frame of the Add User and Edit User dialogs: a form with Cancel / Save. */
export function UserDialog({ open, title, description, canSave, saving, onSubmit, onClose, children }: Props) {
  const styles = useStyles();
  return (
    <Dialog
      open={open}
      onOpenChange={(_, data) => {
        if (!data.open && !saving) onClose();
      }}
    >
      <DialogSurface className={styles.surface} aria-describedby={undefined}>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle
              action={
                <DialogTrigger action="close">
                  <Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} disabled={saving} />
                </DialogTrigger>
              }
            >
              {title}
            </DialogTitle>
            <DialogContent>
              <p className={styles.description}>{description}</p>
              {children}
            </DialogContent>
            <DialogActions className={styles.actions}>
              <Button type="button" appearance="secondary" disabled={saving} onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" appearance="primary" disabled={!canSave || saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
                Save
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
