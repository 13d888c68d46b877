// @vitest-environment jsdom
import { Field } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordInput } from './PasswordInput';

afterEach(cleanup);

describe('<PasswordInput>', () => {
  it('hides the password until the toggle is pressed, then hides it again', () => {
    render(
      <Field label="Password">
        <PasswordInput defaultValue="s3cret-pass" />
      </Field>,
    );
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    const toggle = screen.getByRole('button', { name: 'Toggle password visibility' });
    expect(input.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(toggle);
    expect(input.type).toBe('text');
    expect(input.value).toBe('s3cret-pass');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(toggle);
    expect(input.type).toBe('password');
  });

  it('shows the field error under the input', () => {
    render(
      <Field label="Password" validationState="error" validationMessage="Password is required">
        <PasswordInput />
      </Field>,
    );
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Password is required')).toBeTruthy();
  });
});
