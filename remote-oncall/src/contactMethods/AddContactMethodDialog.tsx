import { Dropdown, Field, Input, Option } from '@fluentui/react-components';
import {
  type ContactMethodKind,
  type ContactMethodWithSecret,
  FormDialog,
  PasswordInput,
  useCreateContactMethod,
  useNotify,
} from '@vigil/shared';
import { useEffect, useState } from 'react';
import { fieldErrors } from '../fieldErrors';

export const METHOD_CREATED = 'The contact method was added: send it a code to verify it';

export const KIND_LABELS: Record<ContactMethodKind, string> = {
  email: 'Email',
  webhook: 'Webhook',
  slack: 'Slack-compatible webhook',
  ntfy: 'ntfy',
};

const TARGET: Record<ContactMethodKind, { label: string; placeholder: string; type: 'email' | 'url' }> = {
  email: { label: 'Email address', placeholder: 'oncall@example.com', type: 'email' },
  webhook: { label: 'Webhook URL', placeholder: 'https://example.com/vigil', type: 'url' },
  slack: { label: 'Incoming webhook URL', placeholder: 'https://hooks.slack.com/services/…', type: 'url' },
  ntfy: { label: 'ntfy server URL', placeholder: 'https://ntfy.sh', type: 'url' },
};

/** Add a contact method; the created one (with a webhook's secret, shown once) goes to `onCreated`. */
export function AddContactMethodDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (method: ContactMethodWithSecret) => void;
}) {
  const notify = useNotify();
  const create = useCreateContactMethod();
  const [kind, setKind] = useState<ContactMethodKind>('webhook');
  const [label, setLabel] = useState('');
  const [target, setTarget] = useState('');
  const [topic, setTopic] = useState('');
  const [token, setToken] = useState('');
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!open) return;
    setKind('webhook');
    setLabel('');
    setTarget('');
    setTopic('');
    setToken('');
    setTried(false);
    setServer({});
  }, [open]);

  const local: Record<string, string | undefined> = {
    label: label.trim() ? undefined : 'Label is required',
    target: target.trim() ? undefined : `${TARGET[kind].label} is required`,
    topic: kind === 'ntfy' && !topic.trim() ? 'Topic is required' : undefined,
  };
  const at = (key: string) => {
    const message = server[key] ?? (tried ? local[key] : undefined);
    return message ? { validationState: 'error' as const, validationMessage: message } : {};
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.values(local).some(Boolean)) return;
    const body = {
      kind,
      label: label.trim(),
      target: target.trim(),
      ...(kind === 'ntfy' ? { topic: topic.trim(), ...(token ? { access_token: token } : {}) } : {}),
    };
    create.mutate(body, {
      onSuccess: (created) => {
        notify.success(METHOD_CREATED);
        onClose();
        onCreated(created);
      },
      onError: (error) => {
        const placed = fieldErrors(error);
        setServer(placed);
        if (Object.keys(placed).length === 0) notify.error(error);
      },
    });
  };

  return (
    <FormDialog
      open={open}
      title="Add Contact Method"
      description="Where you are reached when an alert needs you. A method receives alerts once it is verified."
      saving={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Kind" required>
        <Dropdown
          inlinePopup
          value={KIND_LABELS[kind]}
          selectedOptions={[kind]}
          onOptionSelect={(_, d) => d.optionValue && setKind(d.optionValue as ContactMethodKind)}
        >
          {(Object.keys(KIND_LABELS) as ContactMethodKind[]).map((k) => (
            <Option key={k} value={k}>
              {KIND_LABELS[k]}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="Label" required hint="Your name for it, e.g. Work phone." {...at('label')}>
        <Input value={label} maxLength={64} onChange={(_, d) => setLabel(d.value)} />
      </Field>
      <Field label={TARGET[kind].label} required {...at('target')}>
        <Input
          type={TARGET[kind].type}
          placeholder={TARGET[kind].placeholder}
          value={target}
          maxLength={2048}
          onChange={(_, d) => setTarget(d.value)}
        />
      </Field>
      {kind === 'ntfy' && (
        <>
          <Field label="Topic" required {...at('topic')}>
            <Input value={topic} maxLength={64} onChange={(_, d) => setTopic(d.value)} />
          </Field>
          <Field label="Access token" hint="Only for a protected topic; sent as a bearer token." {...at('access_token')}>
            <PasswordInput value={token} maxLength={256} onChange={(_, d) => setToken(d.value)} />
          </Field>
        </>
      )}
    </FormDialog>
  );
}
