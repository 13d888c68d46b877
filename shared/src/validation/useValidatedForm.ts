import { type FormEvent, useCallback, useMemo, useState } from 'react';
import type { RuleResult } from './rules';

/** One rule per field; it sees every value, so a confirmation can compare with its password. */
export type Validators<V> = { [K in keyof V]?: (value: V[K], values: V) => RuleResult };

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/** Messages the server gave, by field (`name`) or by place inside one (`levels.0.delay_minutes`). */
export type ServerErrors = Record<string, string>;

/** A Fluent `Field`'s props for `message`: its error, or nothing. */
export const fieldMessageProps = (message: string | undefined) =>
  message ? { validationMessage: message, validationState: 'error' as const } : {};

/** Computes every field's message (no "when" here: see `useValidatedForm`). */
export function validateAll<V extends object>(values: V, validators: Validators<V>): FieldErrors<V> {
  const errors: FieldErrors<V> = {};
  for (const key of Object.keys(validators) as (keyof V)[]) {
    const message = validators[key]?.(values[key], values);
    if (message) errors[key] = message;
  }
  return errors;
}

/**
 * A small form state (no form library): the contract's rule "errors show on submit and when a
 * touched field changes" — a field's message appears once the form was submitted or the field
 * was left (blurred) once, and from then on follows every change (react-hook-form's `onTouched`).
 *
 * `field(name)` spreads onto a Fluent `Input` (value, onChange, onBlur); `fieldState(name)` onto
 * its `Field` (validationMessage, validationState); `handleSubmit(fn)` onto the `<form onSubmit>`.
 *
 * A refusal's messages go in with `setServerErrors` (by field, or by place inside a list field:
 * `levels.0.delay_minutes`). The server's message for a field shows before the rule's, at once,
 * until the server errors are set again or the form is reset.
 */
export function useValidatedForm<V extends object>(initial: V, validators: Validators<V>) {
  const [values, setValues] = useState<V>(initial);
  const [baseline, setBaseline] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: validators are a fresh object literal each render; values drive the result
  const errors = useMemo(() => validateAll(values, validators), [values]);
  const isValid = Object.keys(errors).length === 0;
  const isDirty = (Object.keys(values) as (keyof V)[]).some((key) => values[key] !== baseline[key]);

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => setValues((current) => ({ ...current, [name]: value })), []);
  const touch = useCallback((name: keyof V) => setTouched((current) => (current[name] ? current : { ...current, [name]: true })), []);

  const visibleError = (name: keyof V): string | undefined =>
    serverErrors[String(name)] ?? (submitted || touched[name] ? errors[name] : undefined);

  /** The message at a place inside a field (a list's item): the server's, else `local` once the form was submitted. */
  const errorAt = (key: string, local?: string): string | undefined => serverErrors[key] ?? (submitted ? local : undefined);

  const field = <K extends keyof V>(name: K) => ({
    name: String(name),
    value: values[name] as unknown as string,
    onChange: (_event: unknown, data: { value: string }) => setValue(name, data.value as V[K]),
    onBlur: () => touch(name),
  });

  const fieldState = (name: keyof V) => {
    const message = visibleError(name);
    return { validationMessage: message, validationState: message ? ('error' as const) : ('none' as const) };
  };

  const handleSubmit = (onValid: (values: V) => void | Promise<void>) => (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    if (isValid) void onValid(values);
  };

  /** Back to `next` (or the initial values), which also becomes the new "unchanged" state. */
  const reset = useCallback(
    (next?: V) => {
      const target = next ?? initial;
      setValues(target);
      setBaseline(target);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
    [initial],
  );

  return {
    values,
    errors,
    isValid,
    isDirty,
    submitted,
    serverErrors,
    setValue,
    touch,
    visibleError,
    errorAt,
    setServerErrors,
    field,
    fieldState,
    handleSubmit,
    reset,
  };
}

/** What `useValidatedForm` returns: handed to the components that render a form's fields. */
export type ValidatedForm<V extends object> = ReturnType<typeof useValidatedForm<V>>;
