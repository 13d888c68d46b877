import {
  Badge,
  Button,
  Card,
  CardHeader,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Option,
  Subtitle2,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { DeleteRegular, SaveRegular } from '@fluentui/react-icons';
import {
  ConfirmDialog,
  fieldErrors,
  PasswordInput,
  type ProviderPublic,
  useNotify,
  useRemoveProvider,
  useSaveProvider,
  useValidatedForm,
} from '@vigil/shared';
import { useState } from 'react';
import { fieldsOf, type ProviderField, providerBody, providerRules, providerValuesOf } from './providerFields';

const useStyles = makeStyles({
  card: { maxWidth: '720px' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

export const SECRETS_UNREADABLE =
  "The stored secrets can't be read: SECRET_KEY has changed since they were saved. Enter them again and save; until then nothing is sent through it.";

/** What a secret field says of the one stored: "…1234 stored; leave blank to keep". */
export const storedHint = (hint: string | null) => (hint ? `${hint} stored; leave blank to keep` : 'None stored');

/** Removing one stops what it sends: said before confirming. */
const REMOVE_EFFECT: Record<ProviderPublic['kind'], string> = {
  twilio: 'SMS and voice methods that rely on it receive nothing until it is set up again.',
  sms_gateway: 'SMS methods that rely on it receive nothing until it is set up again.',
  slack_app: "Teams' Slack channels receive nothing until it is set up again.",
  telegram: "Teams' Telegram chats receive nothing until it is set up again.",
};

/** One provider: whether it is set up, its fields (secrets as hints), Save, and Remove after confirming. */
export function ProviderCard({ provider }: { provider: ProviderPublic }) {
  const styles = useStyles();
  const notify = useNotify();
  const save = useSaveProvider();
  const remove = useRemoveProvider();
  const form = useValidatedForm(providerValuesOf(provider), providerRules(provider.kind));
  const [removing, setRemoving] = useState(false);
  const headingId = `provider-${provider.kind}`;

  const submit = form.handleSubmit((values) =>
    save.mutate(providerBody(provider.kind, values), {
      onSuccess: (saved) => {
        notify.success(`${provider.title} saved`);
        // Secrets typed are stored now: the fields show their hints again, blank.
        form.reset(providerValuesOf(saved));
      },
      onError: (error) => {
        const placed = fieldErrors(error);
        form.setServerErrors(placed);
        if (Object.keys(placed).length === 0) notify.error(error);
      },
    }),
  );

  const input = (field: ProviderField<ProviderPublic['kind']>) => {
    if (field.secret) return <PasswordInput {...form.field(field.name)} placeholder={field.placeholder} autoComplete="off" />;
    if (field.input === 'multiline' || field.input === 'json')
      return <Textarea {...form.field(field.name)} placeholder={field.placeholder} resize="vertical" />;
    if (typeof field.input === 'object') {
      const value = form.values[field.name] ?? '';
      return (
        <Dropdown
          inlinePopup
          value={value || field.input.choices[0]}
          selectedOptions={[value || (field.input.choices[0] ?? '')]}
          onOptionSelect={(_, d) => d.optionValue && form.setValue(field.name, d.optionValue)}
        >
          {field.input.choices.map((choice) => (
            <Option key={choice} value={choice}>
              {choice}
            </Option>
          ))}
        </Dropdown>
      );
    }
    return <Input {...form.field(field.name)} placeholder={field.placeholder} />;
  };

  return (
    <Card className={styles.card} aria-labelledby={headingId} data-testid="provider-card">
      <CardHeader
        header={
          <Subtitle2 as="h3" id={headingId}>
            {provider.title}
          </Subtitle2>
        }
        action={
          provider.configured ? (
            <Badge appearance="tint" color="success">
              Set up
            </Badge>
          ) : (
            <Badge appearance="tint" color="subtle">
              Not set up
            </Badge>
          )
        }
      />
      {!provider.secrets_readable && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{SECRETS_UNREADABLE}</MessageBarBody>
        </MessageBar>
      )}
      <form className={styles.form} onSubmit={submit} noValidate aria-label={`${provider.title} settings`}>
        {fieldsOf(provider.kind).map((field) => (
          <Field
            key={field.name}
            label={field.label}
            required={field.required}
            hint={field.secret ? [field.hint, storedHint(provider.secret_hints[field.name] ?? null)].filter(Boolean).join(' ') : field.hint}
            {...form.fieldState(field.name)}
          >
            {input(field)}
          </Field>
        ))}
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" icon={<SaveRegular />} disabled={save.isPending}>
            Save
          </Button>
          {provider.configured || !provider.secrets_readable ? (
            <Button icon={<DeleteRegular />} onClick={() => setRemoving(true)}>
              Remove
            </Button>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        open={removing}
        title={`Remove ${provider.title}`}
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() =>
          remove.mutate(provider.kind, {
            onSuccess: () => {
              notify.success(`${provider.title} removed`);
              form.reset(providerValuesOf({ ...provider, config: {} }));
            },
            onError: (error) => notify.error(error),
            onSettled: () => setRemoving(false),
          })
        }
      >
        {`Its settings and secrets are deleted. ${REMOVE_EFFECT[provider.kind]}`}
      </ConfirmDialog>
    </Card>
  );
}
