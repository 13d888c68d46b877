// @vitest-environment jsdom
import { Field, Input } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateConfirmPassword, validateEmail, validatePassword } from './rules';
import { fieldMessageProps, useValidatedForm } from './useValidatedForm';

afterEach(cleanup);

function Form({ onValid }: { onValid: (values: { email: string; password: string; confirm: string }) => void }) {
  const form = useValidatedForm(
    { email: '', password: '', confirm: '' },
    {
      email: (v) => validateEmail(v),
      password: (v) => validatePassword(v),
      confirm: (v, values) => validateConfirmPassword(v, values.password),
    },
  );
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <Field label="Email" {...form.fieldState('email')}>
        <Input {...form.field('email')} />
      </Field>
      <Field label="Password" {...form.fieldState('password')}>
        <Input {...form.field('password')} />
      </Field>
      <Field label="Confirm password" {...form.fieldState('confirm')}>
        <Input {...form.field('confirm')} />
      </Field>
      <button type="submit">Save</button>
    </form>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('useValidatedForm (errors on submit and when a touched field changes)', () => {
  it('shows nothing while a pristine field is typed into, then follows a touched field', () => {
    render(<Form onValid={() => {}} />);
    type('Email', 'not-an');
    expect(screen.queryByText('Invalid email address')).toBeNull();

    fireEvent.blur(screen.getByLabelText('Email'));
    expect(screen.getByText('Invalid email address')).toBeTruthy();

    type('Email', 'ok@example.com');
    expect(screen.queryByText('Invalid email address')).toBeNull();
    type('Email', '');
    expect(screen.getByText('Email is required')).toBeTruthy();
  });

  it('shows every message on submit and does not call onValid', () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByText('Password confirmation is required')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('re-checks the confirmation when the password changes, and submits valid values', () => {
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    type('Email', 'ada@example.com');
    type('Password', 'secret123');
    type('Confirm password', 'secret123');
    fireEvent.blur(screen.getByLabelText('Confirm password'));
    type('Password', 'secret1234');
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    type('Confirm password', 'secret1234');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret1234', confirm: 'secret1234' });
  });
});

/** A form whose Save is refused by the server, which names the email field and a place inside a list. */
function RefusedForm() {
  const form = useValidatedForm({ email: '', codes: ['', ''] }, { email: (v) => validateEmail(v) });
  const codeAt = (i: number) => form.errorAt(`codes.${i}`, form.values.codes[i] ? undefined : 'Enter a code');
  return (
    <form
      onSubmit={form.handleSubmit(() => form.setServerErrors({ email: 'This address is taken', 'codes.1': 'Not a code we sent' }))}
      noValidate
    >
      <Field label="Email" {...form.fieldState('email')}>
        <Input {...form.field('email')} />
      </Field>
      {form.values.codes.map((code, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
        <Field key={i} label={`Code ${i + 1}`} {...fieldMessageProps(codeAt(i))}>
          <Input
            value={code}
            onChange={(_, d) =>
              form.setValue(
                'codes',
                form.values.codes.map((c, j) => (j === i ? d.value : c)),
              )
            }
          />
        </Field>
      ))}
      <button type="submit">Save</button>
      <button type="button" onClick={() => form.reset()}>
        Reset
      </button>
    </form>
  );
}

describe("useValidatedForm's server errors", () => {
  it("shows a list item's own message once submitted, and the server's at its field or place until reset", () => {
    render(<RefusedForm />);
    expect(screen.queryByText('Enter a code')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText('Enter a code')).toHaveLength(2);

    type('Email', 'ann@example.com');
    type('Code 1', '111111');
    type('Code 2', '222222');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('This address is taken')).toBeTruthy();
    expect(screen.getByText('Not a code we sent')).toBeTruthy();
    // The server's word stands over the rule's until the errors are set again or the form reset.
    type('Email', 'not-an');
    expect(screen.getByText('This address is taken')).toBeTruthy();
    expect(screen.queryByText('Invalid email address')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByText('This address is taken')).toBeNull();
    expect(screen.queryByText('Not a code we sent')).toBeNull();
    expect(screen.queryByText('Enter a code')).toBeNull();
  });
});
