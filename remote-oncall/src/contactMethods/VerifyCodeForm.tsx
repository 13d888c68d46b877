import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { type ContactMethodPublic, useNotify, useSendContactCode, type ValidatedForm, type Validators } from '@vigil/shared';
import { useState } from 'react';

const useStyles = makeStyles({ send: { alignSelf: 'flex-start' }, sent: { color: tokens.colorNeutralForeground2, margin: 0 } });

export interface VerifyValues {
  code: string;
}

export const verifyRules: Validators<VerifyValues> = {
  code: (v) => (/^[0-9]{6}$/.test(v) ? undefined : 'Enter the 6-digit code'),
};

/**
 * Send a method a 6-digit code (through the method itself), then type the code. The API's own
 * words are shown: the code is on its way, wait before another, the code is not valid (until the
 * code or a new one sent changes it).
 */
export function VerifyCodeForm({ form, method }: { form: ValidatedForm<VerifyValues>; method: ContactMethodPublic | null }) {
  const styles = useStyles();
  const notify = useNotify();
  const send = useSendContactCode();
  const [sent, setSent] = useState<string | null>(null);
  return (
    <>
      <Button
        className={styles.send}
        icon={<SendRegular />}
        disabled={send.isPending}
        onClick={() =>
          method &&
          send.mutate(method.id, {
            onSuccess: (answer) => {
              setSent(answer.message);
              form.setServerErrors({});
            },
            onError: (error) => notify.error(error),
          })
        }
      >
        Send code
      </Button>
      {sent && (
        <p className={styles.sent} role="status">
          {sent}
        </p>
      )}
      <Field label="Verification code" required {...form.fieldState('code')}>
        <Input
          {...form.field('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          onChange={(_, d) => {
            form.setValue('code', d.value.replace(/\D/g, ''));
            form.setServerErrors({});
          }}
        />
      </Field>
    </>
  );
}
