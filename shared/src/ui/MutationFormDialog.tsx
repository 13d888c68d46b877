import type { UseMutationResult } from '@tanstack/react-query';
import { Fragment, type ReactElement, type ReactNode, useState } from 'react';
import { type ServerErrors, useValidatedForm, type ValidatedForm, type Validators } from '../validation/useValidatedForm';
import { FormDialog } from './FormDialog';
import { useNotify } from './notify';

export interface MutationFormDialogProps<V extends object, Variables, Result> {
  open: boolean;
  title: string;
  /** A sentence under the title. */
  description?: string;
  /** The button that opens the dialog: it then gets focus back on close. */
  trigger?: ReactElement;
  /** Asked to open by `trigger`. */
  onOpen?: () => void;
  /** The submitting button's text; 'Save' by default. */
  submitLabel?: string;
  /** The values the form starts from each time the dialog opens. */
  initial: V;
  rules: Validators<V>;
  /** The create or update mutation (useCreateSchedule()…). */
  mutation: UseMutationResult<Result, Error, Variables>;
  /** The mutation's variables from valid values (trimmed, named as the API names them). */
  toVariables: (values: V) => Variables;
  /** The success toast. */
  successText: string;
  /** After the toast, once the dialog is asked to close: the mutation's answer. */
  onSaved?: (result: Result) => void;
  /**
   * A refusal's messages by field (a 422's items: `fieldErrors`); what it places nowhere is an
   * error toast. Without it every refusal is a toast.
   */
  placeErrors?: (error: Error) => ServerErrors;
  /** Save is disabled while false; by default Save is always enabled and validates on click. */
  canSave?: (form: ValidatedForm<V>) => boolean;
  /** Cancel, the close button, Escape or a click outside (ignored while saving). */
  onClose: () => void;
  /** The form's fields. */
  children: (form: ValidatedForm<V>) => ReactNode;
}

/**
 * An add or edit dialog whose Save runs a mutation: it holds the form (`useValidatedForm`, from
 * `initial` at each opening), validates on Save, sends `toVariables(values)`, then says so in a
 * toast and closes; a refusal keeps it open, its messages at their fields or in a toast.
 */
export function MutationFormDialog<V extends object, Variables, Result>(props: MutationFormDialogProps<V, Variables, Result>) {
  const { open, initial, rules, mutation, toVariables, successText, onSaved, placeErrors, canSave, onClose, children } = props;
  const notify = useNotify();
  const form = useValidatedForm(initial, rules);
  // Each opening starts afresh from `initial`, reset while rendering so no frame shows the last
  // values; the fields are mounted anew too (state of their own, such as a search typed).
  const [shown, setShown] = useState({ open, openings: 0 });
  if (open !== shown.open) {
    setShown({ open, openings: shown.openings + (open ? 1 : 0) });
    if (open) form.reset(initial);
  }

  const submit = form.handleSubmit((values) =>
    mutation.mutate(toVariables(values), {
      onSuccess: (result) => {
        notify.success(successText);
        onClose();
        onSaved?.(result);
      },
      onError: (error) => {
        const placed = placeErrors?.(error) ?? {};
        form.setServerErrors(placed);
        if (Object.keys(placed).length === 0) notify.error(error);
      },
    }),
  );

  return (
    <FormDialog
      open={open}
      title={props.title}
      description={props.description}
      trigger={props.trigger}
      onOpen={props.onOpen}
      submitLabel={props.submitLabel}
      canSave={canSave ? canSave(form) : true}
      saving={mutation.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Fragment key={shown.openings}>{children(form)}</Fragment>
    </FormDialog>
  );
}
