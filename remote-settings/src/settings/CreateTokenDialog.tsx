import { Checkbox, Dropdown, Field, Input, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { type ApiTokenCreated, CreateDialog, type TokenScope, useCreateApiToken, useCurrentUser } from '@vigil/shared';

export const TOKEN_NAME_MAX = 100;

/** Each scope and what it lets the token do (docs/api/tokens.md); `admin` only for superusers. */
export const SCOPE_CHOICES: { scope: TokenScope; label: string }[] = [
  { scope: 'read', label: 'read: see alerts, integrations, schedules…' },
  { scope: 'alerts:write', label: 'alerts:write: create, acknowledge, escalate, close alerts' },
  { scope: 'config:write', label: 'config:write: change integrations, schedules, policies…' },
  { scope: 'admin', label: 'admin: users and instance settings' },
];

export const EXPIRY_CHOICES = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
];

interface TokenFormValues {
  name: string;
  scopes: TokenScope[];
  expires_in_days: number;
}

const INITIAL: TokenFormValues = { name: '', scopes: ['read'], expires_in_days: 30 };

const RULES = {
  name: (value: string) => {
    if (value.trim() === '') return 'Name is required';
    return value.trim().length > TOKEN_NAME_MAX ? `At most ${TOKEN_NAME_MAX} characters` : undefined;
  },
  scopes: (value: TokenScope[]) => (value.length === 0 ? 'Choose at least one scope' : undefined),
};

const useStyles = makeStyles({
  scopes: { display: 'flex', flexDirection: 'column', border: 'none', margin: 0, padding: 0 },
  legend: { padding: 0, paddingBottom: tokens.spacingVerticalXXS, fontWeight: tokens.fontWeightSemibold },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

/** The scopes with `scope` added or taken out, in the order the choices list them. */
const toggled = (scopes: TokenScope[], scope: TokenScope, on: boolean): TokenScope[] =>
  SCOPE_CHOICES.map((choice) => choice.scope).filter((s) => (s === scope ? on : scopes.includes(s)));

/** "Create token": a name, its scopes and an expiry; the new token's secret goes to `onCreated`, shown once. */
export function CreateTokenDialog({ onCreated }: { onCreated: (created: ApiTokenCreated) => void }) {
  const styles = useStyles();
  const superuser = useCurrentUser().data?.is_superuser ?? false;
  const choices = SCOPE_CHOICES.filter((choice) => choice.scope !== 'admin' || superuser);
  return (
    <CreateDialog
      label="Create token"
      initial={INITIAL}
      rules={RULES}
      mutation={useCreateApiToken()}
      toBody={(values) => ({ name: values.name.trim(), scopes: values.scopes, expires_in_days: values.expires_in_days })}
      createdText="API token created."
      onCreated={onCreated}
    >
      {(form) => (
        <>
          <Field label="Name" required hint="What the token is for, e.g. the script or tool using it." {...form.fieldState('name')}>
            <Input maxLength={TOKEN_NAME_MAX} {...form.field('name')} />
          </Field>
          {/* A fieldset, not a Field: a Field would name every checkbox "Scopes". */}
          <fieldset className={styles.scopes}>
            <legend className={styles.legend}>Scopes</legend>
            {choices.map(({ scope, label }) => (
              <Checkbox
                key={scope}
                label={label}
                checked={form.values.scopes.includes(scope)}
                onChange={(_, data) => form.setValue('scopes', toggled(form.values.scopes, scope, data.checked === true))}
              />
            ))}
            {form.fieldState('scopes').validationMessage && (
              <Text role="alert" className={styles.error}>
                {form.fieldState('scopes').validationMessage}
              </Text>
            )}
          </fieldset>
          <Field label="Expires after">
            <Dropdown
              value={EXPIRY_CHOICES.find((choice) => choice.days === form.values.expires_in_days)?.label ?? ''}
              selectedOptions={[String(form.values.expires_in_days)]}
              onOptionSelect={(_, data) => data.optionValue && form.setValue('expires_in_days', Number(data.optionValue))}
            >
              {EXPIRY_CHOICES.map((choice) => (
                <Option key={choice.days} value={String(choice.days)}>
                  {choice.label}
                </Option>
              ))}
            </Dropdown>
          </Field>
        </>
      )}
    </CreateDialog>
  );
}
