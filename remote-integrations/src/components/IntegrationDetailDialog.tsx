import { Button, Caption1, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { KeyResetRegular } from '@fluentui/react-icons';
import {
  DetailDialog,
  type IntegrationWithIngest,
  useEscalationPolicy,
  useIntegration,
  useNotify,
  useRotateIngestKey,
  useRoutingRules,
} from '@vigil/shared';
import { useEffect, useState } from 'react';
import { MaintenanceSection } from '../maintenance/MaintenanceSection';
import { ContactConfirmations } from './ContactConfirmations';
import { GroupingSettings } from './GroupingSettings';
import { IngestUrlPanel } from './IngestUrlPanel';
import { PolicyPicker } from './PolicyPicker';
import { PolicySummary } from './PolicySummary';
import { RoutingRulesSection } from './routing/RoutingRulesSection';

const useStyles = makeStyles({
  rotate: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS },
});

interface Props {
  /** The integration to show: an id (from the URL), or the create answer (which may carry `ingest_url`). */
  id: string | undefined;
  created?: IntegrationWithIngest;
  onClose: () => void;
}

/**
 * An integration's fields, its ingest URL (shown once, after creation or a key rotation), the
 * policy it escalates by (picked here, its levels edited under On call), that policy's contacts,
 * its routing rules with the alerts they dropped, how its alerts are grouped and its maintenance windows.
 */
export function IntegrationDetailDialog({ id, created, onClose }: Props) {
  const styles = useStyles();
  const notify = useNotify();
  // Read even right after creation: the create answer shows at once, the read keeps it current
  // (the escalation policy picked below).
  const fetched = useIntegration(id);
  const integration = fetched.data ?? (created?.id === id ? created : undefined);
  const policy = useEscalationPolicy(integration?.escalation_policy_id).data;
  // Addresses only its owner and superusers read: for anyone else's policy there are none to list.
  const namesAddresses = policy?.levels.some((level) => level.targets.emails.length > 0);
  // A routing rule's policy has contacts of the integration's too (listed with its own).
  const routes = useRoutingRules(integration?.id ?? '').data?.data.some((rule) => rule.action === 'route');
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
    <DetailDialog
      open={Boolean(id)}
      label="Integration details"
      title={integration?.title}
      loading={fetched.isLoading && !integration}
      loadingLabel="Loading the integration"
      error={fetched.isError ? fetched.error : undefined}
      fieldsLabel="Integration fields"
      fields={
        integration && [
          { term: 'ID', value: integration.id },
          { term: 'Description', value: integration.description || 'N/A' },
          { term: 'Created', value: new Date(integration.created_at).toLocaleString() },
        ]
      }
      onClose={onClose}
    >
      {integration &&
        (ingestUrl ? (
          <IngestUrlPanel url={ingestUrl} />
        ) : (
          <div className={styles.rotate}>
            <Caption1>
              The ingest URL holds a secret key and was shown once, when it was made. Rotate the key to get a new URL; the old one stops
              working.
            </Caption1>
            <Button icon={rotate.isPending ? <Spinner size="tiny" /> : <KeyResetRegular />} disabled={rotate.isPending} onClick={rotateKey}>
              Rotate ingest key
            </Button>
          </div>
        ))}
      {integration && (
        <PolicyPicker integrationId={integration.id} teamId={integration.team_id} policyId={integration.escalation_policy_id} />
      )}
      {integration && policy && <PolicySummary policy={policy} />}
      {integration && (namesAddresses || routes) && <ContactConfirmations integrationId={integration.id} />}
      {integration && <RoutingRulesSection integration={integration} />}
      {integration && <GroupingSettings integration={integration} />}
      {integration && <MaintenanceSection integrationId={integration.id} teamId={integration.team_id} />}
    </DetailDialog>
  );
}
