import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { errorText } from '../api/errors';

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: `0 0 ${tokens.spacingVerticalL}`,
    '@media (max-width: 480px)': { gridTemplateColumns: '1fr' },
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' },
});

export interface DetailField {
  term: string;
  value: ReactNode;
}

export interface DetailDialogProps {
  open: boolean;
  /** The dialog's name, e.g. 'Alert details' (also the title until the entity is loaded). */
  label: string;
  /** The entity's title, once loaded. */
  title?: string;
  loading: boolean;
  loadingLabel: string;
  /** The read's error, if it failed. */
  error?: unknown;
  /** The entity's fields as a list named `fieldsLabel`, once loaded. */
  fields?: DetailField[];
  fieldsLabel: string;
  onClose: () => void;
  /** What follows the fields (history, settings of the entity). */
  children?: ReactNode;
}

/** The frame of an entity's details (an alert, an integration): title, its fields, what follows, Done. */
export function DetailDialog({
  open,
  label,
  title,
  loading,
  loadingLabel,
  error,
  fields,
  fieldsLabel,
  onClose,
  children,
}: DetailDialogProps) {
  const styles = useStyles();
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} aria-label={label}>
        <DialogBody>
          <DialogTitle>{title ?? label}</DialogTitle>
          <DialogContent>
            {loading && <Spinner label={loadingLabel} />}
            {error !== undefined && error !== null && (
              <MessageBar intent="error">
                <MessageBarBody>{errorText(error)}</MessageBarBody>
              </MessageBar>
            )}
            {fields && (
              <dl className={styles.fields} aria-label={fieldsLabel}>
                {fields.map(({ term, value }) => [
                  <dt key={`${term}-term`} className={styles.term}>
                    {term}
                  </dt>,
                  <dd key={`${term}-value`} className={styles.value}>
                    {value}
                  </dd>,
                ])}
              </dl>
            )}
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
