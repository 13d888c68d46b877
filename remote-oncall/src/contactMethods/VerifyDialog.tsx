import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { type ContactMethodPublic, errorText, FormDialog, useNotify, useSendContactCode, useVerifyContactMethod } from '@vigil/shared';
import { useEffect, useState } from 'react';

export const METHOD_VERIFIED = 'The contact method was verified: it now receives alerts';

const useStyles = makeStyles({ send: { alignSelf: 'flex-start' }, sent: { color: tokens.colorNeutralForeground2, margin: 0 } });

/**
 * Verify a method: send it a 6-digit code (through the method itself), then type the code.
 * The API's own words are shown: the code is on its way, wait before another, the code is not valid.
 */
export function VerifyDialog({ method, onClose }: { method: ContactMethodPublic | null; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const send = useSendContactCode();
  const verify = useVerifyContactMethod();
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!method) return;
    setCode('');
    setSent(null);
    setProblem(null);
    setTried(false);
  }, [method]);

  const local = /^[0-9]{6}$/.test(code) ? undefined : 'Enter the 6-digit code';
  const message = problem ?? (tried ? local : undefined);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!method || local) return;
    verify.mutate(
      { id: method.id, code },
      {
        onSuccess: () => {
          notify.success(METHOD_VERIFIED);
          onClose();
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  return (
    <FormDialog
      open={method !== null}
      title={`Verify ${method?.label ?? ''}`}
      description="Send a code through this method, then enter the code it received. A code works for 15 minutes."
      submitLabel="Verify"
      saving={verify.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Button
        className={styles.send}
        icon={<SendRegular />}
        disabled={send.isPending}
        onClick={() =>
          method &&
          send.mutate(method.id, {
            onSuccess: (answer) => {
              setSent(answer.message);
              setProblem(null);
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
      <Field label="Verification code" required {...(message ? { validationState: 'error' as const, validationMessage: message } : {})}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(_, d) => {
            setCode(d.value.replace(/\D/g, ''));
            setProblem(null);
          }}
        />
      </Field>
    </FormDialog>
  );
}
