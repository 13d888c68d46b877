import {
  Button,
  Caption1,
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
import { KeyResetRegular } from '@fluentui/react-icons';
import { errorText, type IntegrationWithIngest, useIntegration, useNotify, useRotateIngestKey } from '@vigil/shared';
import { useEffect, useState } from 'react';
import { ContactConfirmations } from './ContactConfirmations';
import { EscalationPolicyForm } from './EscalationPolicyForm';
import { IngestUrlPanel } from './IngestUrlPanel';

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
  rotate: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS },
});

interface Props {
  /** The integration to show: an id (from the URL), or the create answer (which may carry `ingest_url`). */
  id: string | undefined;
  created?: IntegrationWithIngest;
  onClose: () => void;
}

/** An integration's fields and its ingest URL: shown once, after creation or a key rotation. */
export function IntegrationDetailDialog({ id, created, onClose }: Props) {
  const styles = useStyles();
  const notify = useNotify();
  // Read even right after creation: the create answer shows at once, the read keeps it current
  // (the escalation policy saved below).
  const fetched = useIntegration(id);
  const integration = fetched.data ?? (created?.id === id ? created : undefined);
  const rotate = useRotateIngestKey();
  const [rotatedUrl, setRotatedUrl] = useState<string>();
  // A URL belongs to the integration it was made for: another one starts without.
  // biome-ignore lint/correctness/useExhaustiveDependencies: id is the trigger
  useEffect(() => setRotatedUrl(undefined), [id]);
  const ingestUrl = rotatedUrl ?? (created?.id === id ? created?.ingest_url : undefined) ?? undefined;

  const rotateKey = () => {
    if (!id) return;
    rotate.mutate(id, {
      onSuccess: ({ ingest_url }) => setRotatedUrl(ingest_url),
      onError: (error) => notify.error(error),
    });
  };

  return (
    <Dialog open={Boolean(id)} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} aria-label="Integration details">
        <DialogBody>
          <DialogTitle>{integration?.title ?? 'Integration details'}</DialogTitle>
          <DialogContent>
            {fetched.isLoading && !integration && <Spinner label="Loading the integration" />}
            {fetched.isError && (
              <MessageBar intent="error">
                <MessageBarBody>{errorText(fetched.error)}</MessageBarBody>
              </MessageBar>
            )}
            {integration && (
              <dl className={styles.fields} aria-label="Integration fields">
                <dt className={styles.term}>ID</dt>
                <dd className={styles.value}>{integration.id}</dd>
                <dt className={styles.term}>Description</dt>
                <dd className={styles.value}>{integration.description || 'N/A'}</dd>
                <dt className={styles.term}>Created</dt>
                <dd className={styles.value}>{new Date(integration.created_at).toLocaleString()}</dd>
              </dl>
            )}
            {integration &&
              (ingestUrl ? (
                <IngestUrlPanel url={ingestUrl} />
              ) : (
                <div className={styles.rotate}>
                  <Caption1>
                    The ingest URL holds a secret key and was shown once, when it was made. Rotate the key to get a new URL; the old one
                    stops working.
                  </Caption1>
                  <Button
                    icon={rotate.isPending ? <Spinner size="tiny" /> : <KeyResetRegular />}
                    disabled={rotate.isPending}
                    onClick={rotateKey}
                  >
                    Rotate ingest key
                  </Button>
                </div>
              ))}
            {integration && <EscalationPolicyForm integration={integration} />}
            {integration && integration.escalation_policy.contacts.length > 0 && <ContactConfirmations integrationId={integration.id} />}
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
