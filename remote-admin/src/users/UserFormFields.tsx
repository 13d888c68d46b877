import { Checkbox, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { PasswordInput, PasswordStrengthMeter, type ValidatedForm } from '@vigil/shared';
import type { UserFormValues } from './userForm';

const useStyles = makeStyles({
  // Two password fields side by side where there is room, stacked on phones.
  passwords: {
    display: 'grid',
    gap: tokens.spacingVerticalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    columnGap: tokens.spacingHorizontalM,
    alignItems: 'start',
  },
  checks: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalXL,
    paddingTop: tokens.spacingVerticalXS,
    marginLeft: `calc(-1 * ${tokens.spacingHorizontalS})`,
  },
});

interface Props {
  form: ValidatedForm<UserFormValues>;
  /** Required in Add User; optional in Edit User, where an empty password keeps the current one. */
  passwordRequired: boolean;
}

/**
 * The fields both user dialogs share: Email, Full name, the password pair with its meter, the two flags.
 * `PasswordInput` comes from `@vigil/shared`, a federated module bundled with the shell: it does not
 * see this remote's Field context, so each Field hands it the label and message ids explicitly
 * (render-function children).
 */
export function UserFormFields({ form, passwordRequired }: Props) {
  const styles = useStyles();
  const { values, setValue } = form;
  return (
    <>
      <Field label="Email" required {...form.fieldState('email')}>
        <Input type="email" autoComplete="off" placeholder="name@example.com" {...form.field('email')} />
      </Field>
      <Field label="Full name" {...form.fieldState('full_name')}>
        <Input autoComplete="off" placeholder="Optional" {...form.field('full_name')} />
      </Field>
      <div className={styles.passwords}>
        <Field label="Password" required={passwordRequired} {...form.fieldState('password')}>
          {(control) => (
            <>
              <PasswordInput
                {...control}
                autoComplete="new-password"
                placeholder={passwordRequired ? undefined : 'Unchanged'}
                {...form.field('password')}
              />
              <PasswordStrengthMeter password={values.password} />
            </>
          )}
        </Field>
        <Field label="Confirm password" required={passwordRequired} {...form.fieldState('confirm_password')}>
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.field('confirm_password')} />}
        </Field>
      </div>
      <div className={styles.checks}>
        <Checkbox
          label="Is superuser?"
          checked={values.is_superuser}
          onChange={(_, data) => setValue('is_superuser', data.checked === true)}
        />
        <Checkbox label="Is active?" checked={values.is_active} onChange={(_, data) => setValue('is_active', data.checked === true)} />
      </div>
    </>
  );
}
