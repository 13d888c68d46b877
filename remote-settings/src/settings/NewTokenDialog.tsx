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
import { type ApiTokenCreated, CopyButton } from '@vigil/shared';

export const TOKEN_SHOWN_ONCE = 'Copy this token now: it is not shown again. If you lose it, revoke it and create another.';

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

/** A new API token's secret, shown this once, with how to send it. */
export function NewTokenDialog({ created, onClose }: { created: ApiTokenCreated | null; onClose: () => void }) {
  const styles = useStyles();
  const secret = created?.token ?? '';
  return (
    <Dialog open={created !== null} modalType="alert" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>API token {created?.name}</DialogTitle>
          <DialogContent className={styles.content}>
            {/* Not a MessageBar: its reflow needs ResizeObserver, which the unit tests' jsdom lacks. */}
            <p className={styles.warning} role="alert">
              <WarningRegular className={styles.icon} />
              {TOKEN_SHOWN_ONCE}
            </p>
            <p>
              Send it in each request's header: <code>Authorization: Bearer {created?.prefix}…</code>
            </p>
            <div className={styles.row}>
              <Input className={styles.secret} readOnly value={secret} aria-label="API token" />
              <CopyButton text={secret} />
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
