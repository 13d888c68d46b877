import { Button } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { ValidatedForm, Validators } from '../validation/useValidatedForm';
import { MutationFormDialog } from './MutationFormDialog';

export interface CreateDialogProps<V extends object, Body, Created> {
  /** The button's text and the dialog's title ("Add Alert"). */
  label: string;
  initial: V;
  rules: Validators<V>;
  /** The create mutation (useCreateAlert()…): its errors go to the error toast, the dialog stays open. */
  mutation: UseMutationResult<Created, Error, Body>;
  toBody: (values: V) => Body;
  /** The success toast. */
  createdText: string;
  onCreated?: (created: Created) => void;
  /** The form's fields. */
  children: (form: ValidatedForm<V>) => ReactNode;
}

/**
 * An "Add …" button and its dialog: Save validates (messages show then), creates, says so in a
 * toast and closes; each opening starts from `initial`.
 */
export function CreateDialog<V extends object, Body, Created>(props: CreateDialogProps<V, Body, Created>) {
  const { label, initial, rules, mutation, toBody, createdText, onCreated, children } = props;
  const [open, setOpen] = useState(false);
  return (
    <MutationFormDialog
      open={open}
      title={label}
      trigger={
        <Button appearance="primary" icon={<AddRegular />}>
          {label}
        </Button>
      }
      onOpen={() => setOpen(true)}
      initial={initial}
      rules={rules}
      mutation={mutation}
      toVariables={toBody}
      successText={createdText}
      onSaved={onCreated}
      onClose={() => setOpen(false)}
    >
      {children}
    </MutationFormDialog>
  );
}
