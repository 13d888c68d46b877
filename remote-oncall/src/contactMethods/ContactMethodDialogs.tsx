import {
  ApiError,
  type ContactMethodKind,
  type ContactMethodPublic,
  type ContactMethodWithSecret,
  errorText,
  fieldErrors,
  MutationFormDialog,
  useCreateContactMethod,
  useVerifyContactMethod,
} from '@vigil/shared';
import { useRef } from 'react';
import { ContactMethodForm, contactMethodBody, contactMethodRules, isPhoneKind, NEW_CONTACT_METHOD } from './ContactMethodForm';
import { VerifyCodeForm, verifyRules } from './VerifyCodeForm';

export const METHOD_CREATED = 'The contact method was added: send it a code to verify it';
export const METHOD_VERIFIED = 'The contact method was verified: it now receives alerts';

/**
 * Where a refusal of a new method shows: a 422's items at their fields; a 409 about the label at
 * the label; any other 409 of a phone number (no SMS or voice provider set up, say) at the
 * number; anything else in a toast.
 */
export function contactMethodErrors(error: Error, kind: ContactMethodKind | undefined): Record<string, string> {
  if (error instanceof ApiError && error.status === 409) {
    const text = errorText(error);
    if (/label/i.test(text)) return { label: text };
    return kind && isPhoneKind(kind) ? { target: text } : {};
  }
  return fieldErrors(error);
}

/** Add Contact Method; the created one (with a webhook's secret, shown once) goes to `onCreated`. */
export function CreateContactMethodDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (method: ContactMethodWithSecret) => void;
}) {
  // The kind last sent: a 409 is placed by it.
  const sentKind = useRef<ContactMethodKind>(undefined);
  return (
    <MutationFormDialog
      open={open}
      title="Add Contact Method"
      description="Where you are reached when an alert needs you. A method receives alerts once it is verified."
      initial={NEW_CONTACT_METHOD}
      rules={contactMethodRules}
      mutation={useCreateContactMethod()}
      toVariables={(values) => {
        sentKind.current = values.kind;
        return contactMethodBody(values);
      }}
      successText={METHOD_CREATED}
      onSaved={onCreated}
      placeErrors={(error) => contactMethodErrors(error, sentKind.current)}
      onClose={onClose}
    >
      {(form) => <ContactMethodForm form={form} />}
    </MutationFormDialog>
  );
}

const VERIFY_HOW: Record<ContactMethodKind, string> = {
  email: 'Send a code to this address, then enter the code it received. A code works for 15 minutes.',
  webhook: 'Send a code through this webhook, then enter the code it received. A code works for 15 minutes.',
  slack: 'Send a code to this channel, then enter the code posted there. A code works for 15 minutes.',
  ntfy: 'Send a code to this topic, then enter the code it received. A code works for 15 minutes.',
  sms: 'Send a code by text message to this number, then enter the code it received. A code works for 15 minutes.',
  voice: 'Have this number called, then enter the code the call reads out. A code works for 15 minutes.',
};

/** Verify a method with the code it was sent: open while given a method. A refused code is said at the field, not in a toast. */
export function VerifyContactMethodDialog({ method, onClose }: { method: ContactMethodPublic | null; onClose: () => void }) {
  return (
    <MutationFormDialog
      open={method !== null}
      title={`Verify ${method?.label ?? ''}`}
      description={VERIFY_HOW[method?.kind ?? 'email']}
      submitLabel="Verify"
      initial={{ code: '' }}
      rules={verifyRules}
      mutation={useVerifyContactMethod()}
      toVariables={(values) => ({ id: method?.id ?? '', code: values.code })}
      successText={METHOD_VERIFIED}
      placeErrors={(error) => ({ code: errorText(error) })}
      onClose={onClose}
    >
      {(form) => <VerifyCodeForm form={form} method={method} />}
    </MutationFormDialog>
  );
}
