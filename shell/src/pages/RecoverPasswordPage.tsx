import { Field, Input } from '@fluentui/react-components';
import { useNotify, useValidatedForm, validateEmail } from '@vigil/shared';
import { AuthForm, AuthLayout, AuthSubmitButton } from '../layout/AuthLayout';
import { RouterLink } from '../layout/RouterLink';
import { useRecoverPassword } from '../session/authApi';

/** /recover-password (docs/product.md §2.1): asks for the email the reset link goes to. */
export default function RecoverPasswordPage() {
  const notify = useNotify();
  const recover = useRecoverPassword();
  const form = useValidatedForm({ email: '' }, { email: (value) => validateEmail(value) });

  const submit = form.handleSubmit(({ email }) =>
    recover.mutate(email, {
      onSuccess: () => {
        notify.success('Password recovery email sent successfully.');
        form.reset();
      },
      onError: (error) => notify.error(error),
    }),
  );

  return (
    <AuthLayout
      title="Password Recovery"
      subtitle="A password recovery email will be sent to the registered account."
      footer={
        <>
          Remembered it? <RouterLink to="/login">Log in</RouterLink>
        </>
      }
    >
      <AuthForm onSubmit={submit}>
        <Field label="Email" {...form.fieldState('email')}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        </Field>
        <AuthSubmitButton pending={recover.isPending}>Continue</AuthSubmitButton>
      </AuthForm>
    </AuthLayout>
  );
}
