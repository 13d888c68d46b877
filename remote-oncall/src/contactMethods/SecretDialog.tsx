import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CopyButton } from '@vigil/shared';

export const SECRET_ONCE = 'Copy this signing secret now: it is not shown again. Regenerate it to get a new one.';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  secret: { flexGrow: 1, minWidth: 0, fontFamily: tokens.fontFamilyMonospace },
});

/** A webhook's signing secret, shown this once (after adding the method or regenerating it). */
export function SecretDialog({ secret, label, onClose }: { secret: string | null; label: string; onClose: () => void }) {
  const styles = useStyles();
  return (
    <Dialog open={secret !== null} modalType="alert" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>Signing secret for {label}</DialogTitle>
          <DialogContent className={styles.content}>
            <MessageBar intent="warning">
              <MessageBarBody>{SECRET_ONCE}</MessageBarBody>
            </MessageBar>
            <p>
              Each request carries an <code>X-Vigil-Signature</code> header, <code>t=&lt;unix time&gt;,v1=&lt;hex&gt;</code>: the
              HMAC-SHA256 of <code>&lt;t&gt;.&lt;body&gt;</code> with this secret.
            </p>
            <div className={styles.row}>
              <Input className={styles.secret} readOnly value={secret ?? ''} aria-label="Signing secret" />
              <CopyButton text={secret ?? ''} />
            </div>
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
