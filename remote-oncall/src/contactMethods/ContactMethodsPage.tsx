import { Badge, Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ContactCardRegular, DeleteRegular, KeyResetRegular, SendRegular, ShieldCheckmarkRegular } from '@fluentui/react-icons';
import {
  ConfirmDialog,
  type ContactMethodPublic,
  DataTable,
  useContactMethods,
  useDeleteContactMethod,
  useNotify,
  useRegenerateContactSecret,
  useTestContactMethod,
} from '@vigil/shared';
import { useState } from 'react';
import { ListSection } from '../components/ListSection';
import { CreateContactMethodDialog, VerifyContactMethodDialog } from './ContactMethodDialogs';
import { KIND_LABELS } from './ContactMethodForm';
import { LastTestCell } from './LastTestCell';
import { NotificationRulesEditor } from './NotificationRulesEditor';
import { SecretDialog } from './SecretDialog';

export const METHODS_EMPTY = "You don't have any contact methods yet";
export const METHOD_DELETED = 'The contact method was deleted successfully';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  table: { minWidth: '640px' },
  name: { fontWeight: tokens.fontWeightSemibold },
  target: { wordBreak: 'break-all' },
});

/** The signed-in user's own contact methods, and below them the rules that use them. */
export function ContactMethodsPage() {
  const styles = useStyles();
  const notify = useNotify();
  const methods = useContactMethods();
  const remove = useDeleteContactMethod();
  const regenerate = useRegenerateContactSecret();
  const sendTest = useTestContactMethod();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ value: string; label: string } | null>(null);
  const [verifying, setVerifying] = useState<ContactMethodPublic | null>(null);
  const [deleting, setDeleting] = useState<ContactMethodPublic | null>(null);
  const rows = methods.data?.data;

  const add = (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setAdding(true)}>
      Add Contact Method
    </Button>
  );
  return (
    <div className={styles.root}>
      <ListSection
        label="Contact methods"
        query={{ isError: methods.isError, error: methods.error, rows }}
        empty={{
          title: METHODS_EMPTY,
          description:
            'Add an email address, a phone number for texts or calls, a webhook, a Slack-compatible webhook or an ntfy topic, verify it, then say in your rules when it is used.',
          icon: <ContactCardRegular />,
        }}
        add={add}
      >
        <DataTable
          label="Contact methods"
          className={styles.table}
          rows={rows}
          skeletonRows={2}
          rowTestId="contact-method-row"
          columns={[
            { header: 'Label', cellClassName: styles.name, cell: (m) => m.label, skeletonWidth: 120 },
            { header: 'Kind', cell: (m) => KIND_LABELS[m.kind], skeletonWidth: 80 },
            {
              header: 'Target',
              cellClassName: styles.target,
              cell: (m) => (m.topic ? `${m.target} · ${m.topic}` : m.target),
              skeletonWidth: 200,
            },
            {
              header: 'Status',
              cell: (m) =>
                m.verified ? (
                  <Badge appearance="tint" color="success">
                    Verified
                  </Badge>
                ) : (
                  <Badge appearance="tint" color="warning">
                    Not verified
                  </Badge>
                ),
              skeletonWidth: 80,
            },
            { header: 'Last test', cell: (m) => (m.verified ? <LastTestCell test={m.last_test} /> : null), skeletonWidth: 100 },
          ]}
          rowActions={(m) => ({
            label: `Actions for contact method ${m.label}`,
            actions: [
              m.verified
                ? {
                    label: 'Send a test',
                    icon: <SendRegular />,
                    onClick: () =>
                      sendTest.mutate(m.id, {
                        onSuccess: (answer) => notify.success(answer.message),
                        onError: (error) => notify.error(error),
                      }),
                  }
                : { label: 'Verify', icon: <ShieldCheckmarkRegular />, onClick: () => setVerifying(m) },
              ...(m.kind === 'webhook'
                ? [
                    {
                      label: 'Regenerate signing secret',
                      icon: <KeyResetRegular />,
                      onClick: () =>
                        regenerate.mutate(m.id, {
                          onSuccess: (answer) => answer.secret && setSecret({ value: answer.secret, label: answer.label }),
                          onError: (error) => notify.error(error),
                        }),
                    },
                  ]
                : []),
              { label: 'Delete contact method', icon: <DeleteRegular />, danger: true, onClick: () => setDeleting(m) },
            ],
          })}
        />
      </ListSection>
      <NotificationRulesEditor methods={rows ?? []} />
      <CreateContactMethodDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(created) => created.secret && setSecret({ value: created.secret, label: created.label })}
      />
      <SecretDialog secret={secret?.value ?? null} label={secret?.label ?? ''} onClose={() => setSecret(null)} />
      <VerifyContactMethodDialog method={verifying} onClose={() => setVerifying(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete contact method"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => notify.success(METHOD_DELETED),
            onError: (error) => notify.error(error),
            onSettled: () => setDeleting(null),
          })
        }
      >
        {`"${deleting?.label ?? ''}" will be permanently deleted, with the rules that use it.`}
      </ConfirmDialog>
    </div>
  );
}
