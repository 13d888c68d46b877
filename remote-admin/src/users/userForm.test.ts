import { validateAll } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { addUserValidators, editUserValidators, emptyUserForm, toCreateBody, toUpdateBody, type UserFormValues } from './userForm';

const filled: UserFormValues = {
  email: 'ann@example.com',
  full_name: '',
  password: 'secret123',
  confirm_password: 'secret123',
  is_superuser: false,
  is_active: true,
};

describe('Add User rules (docs/product.md §5.5)', () => {
  it('needs email, password and its confirmation; full name is optional', () => {
    expect(validateAll(emptyUserForm, addUserValidators)).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      confirm_password: 'Please confirm your password',
    });
    expect(validateAll(filled, addUserValidators)).toEqual({});
  });

  it('wants a real address, 8 characters and matching passwords', () => {
    expect(validateAll({ ...filled, email: 'ann@', password: 'short', confirm_password: 'other-pass' }, addUserValidators)).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters',
      confirm_password: 'The passwords do not match',
    });
  });

  it('sends an empty full name as null', () => {
    expect(toCreateBody({ ...filled, email: ' ann@example.com ' })).toEqual({
      email: 'ann@example.com',
      full_name: null,
      password: 'secret123',
      is_superuser: false,
      is_active: true,
    });
  });
});

describe('Edit User rules (docs/product.md §5.5)', () => {
  it('accepts an empty password and confirmation', () => {
    expect(validateAll({ ...filled, password: '', confirm_password: '' }, editUserValidators)).toEqual({});
  });

  it('checks a given password: 8 characters, confirmed, matching', () => {
    expect(validateAll({ ...filled, password: 'short', confirm_password: '' }, editUserValidators)).toEqual({
      password: 'Password must be at least 8 characters',
      confirm_password: 'Please confirm your password',
    });
    expect(validateAll({ ...filled, confirm_password: 'secret124' }, editUserValidators)).toEqual({
      confirm_password: 'The passwords do not match',
    });
  });

  it('leaves an empty password out of the PATCH body and sends a given one', () => {
    const body = toUpdateBody({ ...filled, full_name: 'Ann', password: '', confirm_password: '' });
    expect(body).toEqual({ email: 'ann@example.com', full_name: 'Ann', is_superuser: false, is_active: true });
    expect('password' in body).toBe(false);
    expect(toUpdateBody(filled).password).toBe('secret123');
  });
});
