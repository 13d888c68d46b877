import { Dropdown, Field, Input, Option } from '@fluentui/react-components';
import {
  type ContactMethodCreate,
  type ContactMethodKind,
  PasswordInput,
  phoneDigits,
  type ValidatedForm,
  type Validators,
  validatePhoneNumber,
} from '@vigil/shared';

export const KIND_LABELS: Record<ContactMethodKind, string> = {
  email: 'Email',
  webhook: 'Webhook',
  slack: 'Slack-compatible webhook',
  ntfy: 'ntfy',
  sms: 'SMS',
  voice: 'Voice call',
};

/** The kinds whose target is a phone number. */
export const isPhoneKind = (kind: ContactMethodKind) => kind === 'sms' || kind === 'voice';

const PHONE_HINT = 'International format: a plus, the country code, then the number.';

const TARGET: Record<ContactMethodKind, { label: string; placeholder: string; type: 'email' | 'url' | 'tel'; hint?: string }> = {
  email: { label: 'Email address', placeholder: 'oncall@example.com', type: 'email' },
  webhook: { label: 'Webhook URL', placeholder: 'https://example.com/vigil', type: 'url' },
  slack: { label: 'Incoming webhook URL', placeholder: 'https://hooks.slack.com/services/…', type: 'url' },
  ntfy: { label: 'ntfy server URL', placeholder: 'https://ntfy.sh', type: 'url' },
  sms: { label: 'Phone number', placeholder: '+14155550100', type: 'tel', hint: `${PHONE_HINT} Texts reach it.` },
  voice: { label: 'Phone number', placeholder: '+14155550100', type: 'tel', hint: `${PHONE_HINT} Calls reach it.` },
};

/** A contact method as edited, named as the API names it (a refusal's items land at their fields). */
export interface ContactMethodValues {
  kind: ContactMethodKind;
  label: string;
  target: string;
  topic: string;
  access_token: string;
}

export const NEW_CONTACT_METHOD: ContactMethodValues = { kind: 'webhook', label: '', target: '', topic: '', access_token: '' };

export const contactMethodRules: Validators<ContactMethodValues> = {
  label: (v) => (v.trim() ? undefined : 'Label is required'),
  target: (v, values) =>
    isPhoneKind(values.kind) ? validatePhoneNumber(v) : v.trim() ? undefined : `${TARGET[values.kind].label} is required`,
  topic: (v, values) => (values.kind === 'ntfy' && !v.trim() ? 'Topic is required' : undefined),
};

/** Valid values as the API takes them: a phone number without its spaces; a topic and its token for ntfy only, the token only when given. */
export const contactMethodBody = ({ kind, label, target, topic, access_token }: ContactMethodValues): ContactMethodCreate => ({
  kind,
  label: label.trim(),
  target: isPhoneKind(kind) ? phoneDigits(target) : target.trim(),
  ...(kind === 'ntfy' ? { topic: topic.trim(), ...(access_token ? { access_token } : {}) } : {}),
});

/** A contact method's kind, label and target (an address, a URL or a phone number); for ntfy its topic and access token. */
export function ContactMethodForm({ form }: { form: ValidatedForm<ContactMethodValues> }) {
  const { kind } = form.values;
  const target = TARGET[kind];
  return (
    <>
      <Field label="Kind" required>
        <Dropdown
          inlinePopup
          value={KIND_LABELS[kind]}
          selectedOptions={[kind]}
          onOptionSelect={(_, d) => d.optionValue && form.setValue('kind', d.optionValue as ContactMethodKind)}
        >
          {(Object.keys(KIND_LABELS) as ContactMethodKind[]).map((k) => (
            <Option key={k} value={k}>
              {KIND_LABELS[k]}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label="Label" required hint="Your name for it, e.g. Work phone." {...form.fieldState('label')}>
        <Input {...form.field('label')} maxLength={64} />
      </Field>
      <Field label={target.label} required hint={target.hint} {...form.fieldState('target')}>
        <Input
          {...form.field('target')}
          type={target.type}
          placeholder={target.placeholder}
          maxLength={isPhoneKind(kind) ? 32 : 2048}
          {...(isPhoneKind(kind) && { autoComplete: 'tel', inputMode: 'tel' as const })}
        />
      </Field>
      {kind === 'ntfy' && (
        <>
          <Field label="Topic" required {...form.fieldState('topic')}>
            <Input {...form.field('topic')} maxLength={64} />
          </Field>
          <Field label="Access token" hint="Only for a protected topic; sent as a bearer token." {...form.fieldState('access_token')}>
            <PasswordInput {...form.field('access_token')} maxLength={256} />
          </Field>
        </>
      )}
    </>
  );
}
