import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { useLoadedRemotes } from '../remotes/loadedRemotes';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  version: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'nowrap' },
  app: { color: tokens.colorNeutralForeground3 },
  note: { color: tokens.colorNeutralForeground3 },
});

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * The versions running in this page: the shell's, and each remote's as its own manifest says
 * (the version it was built as). A remote appears once opened; it keeps its version until a
 * reload, even after a release.
 */
export default function AboutDialog({ open, onClose }: Props) {
  const styles = useStyles();
  const remotes = useLoadedRemotes();
  const rows = [{ name: 'vigil_shell', label: 'Console shell', app: 'shell', version: process.env.VIGIL_APP_VERSION }, ...remotes];
  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>About Vigil</DialogTitle>
          <DialogContent className={styles.content}>
            <Table size="small" aria-label="Versions running in this console">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>Part</TableHeaderCell>
                  <TableHeaderCell>App</TableHeaderCell>
                  <TableHeaderCell>Version</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.name}>
                    <TableCell>{row.label}</TableCell>
                    <TableCell className={styles.app}>{row.app}</TableCell>
                    <TableCell className={styles.version}>{row.version}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Caption1 className={styles.note}>
              Other parts of the console are listed once opened. An opened part keeps its version until the page is reloaded.
            </Caption1>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
