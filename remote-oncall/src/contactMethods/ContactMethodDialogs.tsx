import {
  type ContactMethodPublic,
  type ContactMethodWithSecret,
  errorText,
  MutationFormDialog,
  useCreateContactMethod,
  useVerifyContactMethod,
} from '@vigil/shared';
import { fieldErrors } from '../fieldErrors';
import { ContactMethodForm, contactMethodBody, contactMethodRules, NEW_CONTACT_METHOD } from './ContactMethodForm';
import { VerifyCodeForm, verifyRules } from './VerifyCodeForm';

export const METHOD_CREATED = 'The contact method was added: send it a code to verify it';
export const METHOD_VERIFIED = 'The contact method was verified: it now receives alerts';

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
  return (
    <MutationFormDialog
      open={open}
      title="Add Contact Method"
      description="Where you are reached when an alert needs you. A method receives alerts once it is verified."
      initial={NEW_CONTACT_METHOD}
      rules={contactMethodRules}
      mutation={useCreateContactMethod()}
      toVariables={contactMethodBody}
      successText={METHOD_CREATED}
      onSaved={onCreated}
      placeErrors={fieldErrors}
      onClose={onClose}
    >
      {(form) => <ContactMethodForm form={form} />}
    </MutationFormDialog>
  );
}

/** Verify a method with the code it was sent: open while given a method. A refused code is said at the field, not in a toast. */
export function VerifyContactMethodDialog({ method, onClose }: { method: ContactMethodPublic | null; onClose: () => void }) {
  return (
    <MutationFormDialog
      open={method !== null}
      title={`Verify ${method?.label ?? ''}`}
      description="Send a code through this method, then enter the code it received. A code works for 15 minutes."
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
