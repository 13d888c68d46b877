// @vitest-environment jsdom
import { Field, Input } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateConfirmPassword, validateEmail, validatePassword } from './rules';
import { useValidatedForm } from './useValidatedForm';

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
