import { Button, MessageBar, MessageBarActions, MessageBarBody, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import {
  type ApiTokenCreated,
  type ApiTokenPublic,
  ConfirmDialog,
  errorText,
  SmallTable,
  type SmallTableColumn,
  useApiTokens,
  useNotify,
  useRevokeApiToken,
} from '@vigil/shared';
import { useState } from 'react';
import { CreateTokenDialog } from './CreateTokenDialog';
import { NewTokenDialog } from './NewTokenDialog';
import { SettingsSection } from './SettingsSection';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  table: { minWidth: '480px' },
  scroll: { overflowX: 'auto' },
  prefix: { fontFamily: tokens.fontFamilyMonospace },
  dim: { color: tokens.colorNeutralForeground3 },
});

const when = (iso: string) => new Date(iso).toLocaleString();

/** A token's state in words: revoked, expired, or when it expires. */
function expiryText(token: ApiTokenPublic, now: number): string {
  if (token.revoked_at) return `Revoked ${when(token.revoked_at)}`;
  if (new Date(token.expires_at).getTime() <= now) return `Expired ${when(token.expires_at)}`;
  return when(token.expires_at);
}

const isLive = (token: ApiTokenPublic, now: number) => !token.revoked_at && new Date(token.expires_at).getTime() > now;

/**
 * API tokens (docs/api/tokens.md): the user's tokens with their prefix, scopes, expiry and last
 * use; "Create token" shows the new secret once; Revoke asks first, and the token stops at once.
 */
export function ApiTokensTab() {
  const styles = useStyles();
  const tokensQuery = useApiTokens();
  const revoke = useRevokeApiToken();
  const notify = useNotify();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenPublic | null>(null);
  const now = Date.now();

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      notify.success(`API token "${revoking.name}" revoked.`);
    } catch (error) {
      notify.error(error);
    }
    setRevoking(null);
  };

  const columns: SmallTableColumn<ApiTokenPublic>[] = [
    { header: 'Name', cell: (token) => token.name },
    { header: 'Token', cell: (token) => <span className={styles.prefix}>{token.prefix}…</span> },
    { header: 'Scopes', cell: (token) => token.scopes.join(', ') },
    { header: 'Expires', cell: (token) => expiryText(token, now) },
    { header: 'Last used', cell: (token) => (token.last_used_at ? when(token.last_used_at) : <span className={styles.dim}>Never</span>) },
    {
      header: 'Actions',
      cell: (token) =>
        isLive(token, now) ? (
          <Button size="small" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
            Revoke
          </Button>
        ) : null,
    },
  ];

  const list = tokensQuery.data?.data ?? [];
  return (
    <SettingsSection
      title="API tokens"
      description="Tokens let scripts and tools call the API as you, limited to their scopes, until they expire or you revoke them."
    >
      <div className={styles.actions}>
        <CreateTokenDialog onCreated={setCreated} />
      </div>
      {tokensQuery.isError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>Your API tokens could not be loaded: {errorText(tokensQuery.error)}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => tokensQuery.refetch()}>Retry</Button>
          </MessageBarActions>
        </MessageBar>
      ) : tokensQuery.isPending ? (
        <Spinner label="Loading your API tokens…" />
      ) : list.length === 0 ? (
        <Text className={styles.dim}>You have no API tokens.</Text>
      ) : (
        <div className={styles.scroll}>
          <SmallTable label="API tokens" rows={list} rowKey={(token) => token.id} columns={columns} className={styles.table} />
        </div>
      )}
      <NewTokenDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API token"
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      >
        The token <strong>{revoking?.name}</strong> stops working at once, for every script or tool using it. This cannot be undone.
      </ConfirmDialog>
    </SettingsSection>
  );
}
