import { Button, Field, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import {
  PasswordInput,
  PasswordStrengthMeter,
  useNotify,
  useUpdatePassword,
  useValidatedForm,
  validateConfirmPassword,
  validatePassword,
} from '@vigil/shared';
import { SettingsSection } from './SettingsSection';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

const EMPTY: PasswordValues = { current_password: '', new_password: '', confirm_password: '' };

/**
 * Change password (docs/product.md §2.7, §5.4): Save is disabled until the form is valid. The hook signs in
 * again with the new password, since the server voids the old token.
 * `PasswordInput` (from `@vigil/shared`, bundled with the shell) does not see this remote's Field
 * context: each Field hands it the label and message ids through render-function children.
 */
export function PasswordTab() {
  const styles = useStyles();
  const form = useValidatedForm<PasswordValues>(EMPTY, {
    current_password: (value) => validatePassword(value),
    new_password: (value) => validatePassword(value),
    confirm_password: (value, values) => validateConfirmPassword(value, values.new_password),
  });
  const updatePassword = useUpdatePassword();
  const notify = useNotify();

  const submit = form.handleSubmit(async ({ current_password, new_password }) => {
    try {
      await updatePassword.mutateAsync({ current_password, new_password });
      notify.success('Password updated successfully.');
      form.reset(EMPTY);
    } catch (error) {
      notify.error(error);
    }
  });

  return (
    <SettingsSection title="Change Password" description="Other signed-in sessions end when the password changes.">
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label="Current password" required {...form.fieldState('current_password')}>
          {(control) => <PasswordInput {...control} autoComplete="current-password" {...form.field('current_password')} />}
        </Field>
        <Field label="New password" required hint="At least 8 characters." {...form.fieldState('new_password')}>
          {(control) => (
            <>
              <PasswordInput {...control} autoComplete="new-password" {...form.field('new_password')} />
              <PasswordStrengthMeter password={form.values.new_password} />
            </>
          )}
        </Field>
        <Field label="Confirm password" required {...form.fieldState('confirm_password')}>
          {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.field('confirm_password')} />}
        </Field>
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            disabled={!form.isValid || updatePassword.isPending}
            icon={updatePassword.isPending ? <Spinner size="tiny" /> : undefined}
          >
            Save
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
