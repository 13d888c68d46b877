import { MessageBar, MessageBarBody, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { errorText, PageHeader, useNotificationProviders } from '@vigil/shared';
import { ProviderCard } from './ProviderCard';

const useStyles = makeStyles({ root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL } });

/**
 * /admin/providers (superusers): the services Vigil sends SMS, calls and chat posts through, set
 * up once for everyone (docs/oncall/console.md, "Notification providers"). Each card is keyed by
 * when it was saved, so a save or removal starts its form afresh from what is stored.
 */
export function ProvidersSection() {
  const styles = useStyles();
  const providers = useNotificationProviders();
  return (
    <div className={styles.root}>
      <PageHeader
        title="Notification providers"
        description="The services SMS, voice calls and chat posts go through. Secrets are stored encrypted and never shown again: only their last characters."
      />
      {providers.isPending ? (
        <Spinner label="Loading the providers…" />
      ) : providers.isError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{errorText(providers.error)}</MessageBarBody>
        </MessageBar>
      ) : (
        providers.data.data.map((provider) => (
          <ProviderCard key={`${provider.kind}:${provider.updated_at ?? 'none'}`} provider={provider} />
        ))
      )}
    </div>
  );
}
