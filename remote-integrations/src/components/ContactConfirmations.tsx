import { Badge, Body1Strong, Button, Caption1, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { CheckmarkRegular, MailRegular } from '@fluentui/react-icons';
import {
  type EscalationContact,
  errorText,
  SmallTable,
  useConfirmContactAsAdmin,
  useCurrentUser,
  useEscalationContacts,
  useNotify,
  useResendContactConfirmation,
} from '@vigil/shared';

export const CONTACT_TEXTS = {
  explanation:
    'A contact receives alerts only after confirming its address from the email Vigil sends it. Until then, its level’s escalations go to the level’s confirmed contacts, or to every active superuser when none has confirmed.',
  sent: (email: string) => `Confirmation email sent to ${email}.`,
  confirmed: (email: string) => `${email} is confirmed.`,
} as const;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalL },
  table: { minWidth: '520px' },
  detail: { display: 'block', color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const when = (iso: string) => new Date(iso).toLocaleString();

/** Where a contact's confirmation stands: a badge, and when it was asked. */
function ContactState({ contact: c }: { contact: EscalationContact }) {
  const styles = useStyles();
  if (c.status === 'confirmed') {
    return (
      <Badge appearance="tint" color="success">
        {c.confirmed_by_admin ? 'Confirmed by an administrator' : 'Confirmed'}
      </Badge>
    );
  }
  if (c.status === 'declined') {
    return (
      <Badge appearance="tint" color="danger">
        Declined
      </Badge>
    );
  }
  return (
    <>
      <Badge appearance="tint" color="warning">
        Not confirmed
      </Badge>
      <Caption1 className={styles.detail}>
        {c.confirmation_requested_at ? `Confirmation email sent ${when(c.confirmation_requested_at)}` : 'No confirmation email sent yet'}
      </Caption1>
    </>
  );
}

interface ContactActionsProps {
  contact: EscalationContact;
  busy: boolean;
  isSuperuser: boolean;
  onSend: (email: string) => void;
  onMarkConfirmed: (email: string) => void;
}

/** "Send" / "Send again" (disabled until the API allows it) and, for superusers, "Mark confirmed". */
function ContactActions({ contact: c, busy, isSuperuser, onSend, onMarkConfirmed }: ContactActionsProps) {
  const styles = useStyles();
  const waitUntil = c.resend_available_at && new Date(c.resend_available_at) > new Date() ? c.resend_available_at : null;
  return (
    <>
      <div className={styles.actions}>
        {c.status === 'unconfirmed' && (
          <Button
            size="small"
            icon={<MailRegular />}
            aria-label={`Send the confirmation email to ${c.email}${c.confirmation_requested_at ? ' again' : ''}`}
            disabled={busy || Boolean(waitUntil)}
            onClick={() => onSend(c.email)}
          >
            {c.confirmation_requested_at ? 'Send again' : 'Send'}
          </Button>
        )}
        {isSuperuser && c.status !== 'confirmed' && (
          <Button
            size="small"
            icon={<CheckmarkRegular />}
            aria-label={`Mark ${c.email} confirmed`}
            disabled={busy}
            onClick={() => onMarkConfirmed(c.email)}
          >
            Mark confirmed
          </Button>
        )}
      </div>
      {c.status === 'unconfirmed' && waitUntil && (
        <Caption1 className={styles.detail}>You can send it again after {when(waitUntil)}</Caption1>
      )}
    </>
  );
}

/**
 * The saved policy's contacts and whether each confirmed its address (GET
 * /integration/{id}/contacts), with "Send again" (owner or superuser, rate-limited by the API)
 * and, for superusers only, "Mark confirmed" (the bypass: anyone else's 403 would end their session).
 */
export function ContactConfirmations({ integrationId }: { integrationId: string }) {
  const styles = useStyles();
  const notify = useNotify();
  const contacts = useEscalationContacts(integrationId);
  const isSuperuser = useCurrentUser().data?.is_superuser === true;
  const resend = useResendContactConfirmation();
  const confirm = useConfirmContactAsAdmin();
  const busy = resend.isPending || confirm.isPending;

  const send = (email: string) =>
    resend.mutate({ integrationId, email }, { onSuccess: () => notify.success(CONTACT_TEXTS.sent(email)), onError: notify.error });
  const markConfirmed = (email: string) =>
    confirm.mutate({ integrationId, email }, { onSuccess: () => notify.success(CONTACT_TEXTS.confirmed(email)), onError: notify.error });

  if (contacts.isLoading) return <Spinner size="tiny" label="Loading the contacts" />;
  if (contacts.isError) return <Text role="alert">{errorText(contacts.error)}</Text>;
  const rows = contacts.data?.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section className={styles.section} aria-label="Contact confirmation">
      <Body1Strong as="h3">Contact confirmation</Body1Strong>
      <Caption1>{CONTACT_TEXTS.explanation}</Caption1>
      <SmallTable
        className={styles.table}
        label="Contacts"
        rows={rows}
        rowKey={(c) => c.email}
        columns={[
          { header: 'Contact', cell: (c) => c.email },
          { header: 'Status', cell: (c) => <ContactState contact={c} /> },
          {
            header: 'Actions',
            cell: (c) => <ContactActions contact={c} busy={busy} isSuperuser={isSuperuser} onSend={send} onMarkConfirmed={markConfirmed} />,
          },
        ]}
      />
    </section>
  );
}
