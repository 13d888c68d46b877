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
import type { FormEvent, ReactElement, ReactNode } from 'react';

const useStyles = makeStyles({
  surface: { maxWidth: '560px', width: `calc(100vw - 2 * ${tokens.spacingHorizontalL})` },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  description: { color: tokens.colorNeutralForeground3, margin: 0 },
  // On phones the buttons take the full width, Save on top.
  actions: { '@media (max-width: 480px)': { flexDirection: 'column-reverse', '& > button': { width: '100%' } } },
});

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** A sentence under the title. */
  description?: string;
  /** The button that opens the dialog (Add Alert): it then gets focus back on close. */
  trigger?: ReactElement;
  /** Asked to open by `trigger`. */
  onOpen?: () => void;
  /** Save is disabled while false (docs/product.md §5.5: until the form is valid); by default Save validates on click. */
  canSave?: boolean;
  /** The submitting button's text ('Verify'); 'Save' by default. */
  submitLabel?: string;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
  /** Cancel, the close button, Escape or a click outside (ignored while saving). */
  onClose: () => void;
  children: ReactNode;
}

/**
 * The frame of every add and edit dialog of the console: title with a close button, the form's
 * fields, Cancel / Save (a spinner while saving). The owner keeps the form's state and mutation.
 */
export function FormDialog({
  open,
  title,
  description,
  trigger,
  onOpen,
  canSave = true,
  submitLabel = 'Save',
  saving,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  const styles = useStyles();
  const surface = (
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
          <DialogContent className={styles.content}>
            {description && <p className={styles.description}>{description}</p>}
            {children}
          </DialogContent>
          <DialogActions className={styles.actions}>
            <Button type="button" appearance="secondary" disabled={saving} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" appearance="primary" disabled={!canSave || saving} icon={saving ? <Spinner size="tiny" /> : undefined}>
              {submitLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </form>
    </DialogSurface>
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(_, data) => {
        if (data.open) onOpen?.();
        else if (!saving) onClose();
      }}
    >
      {trigger
        ? [
            <DialogTrigger key="trigger" disableButtonEnhancement>
              {trigger}
            </DialogTrigger>,
            surface,
          ]
        : surface}
    </Dialog>
  );
}
