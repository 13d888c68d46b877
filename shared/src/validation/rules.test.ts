import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  PHONE_MESSAGES,
  phoneDigits,
  validateConfirmPassword,
  validateEmail,
  validateFullName,
  validateOptionalFullName,
  validatePassword,
  validatePhoneNumber,
  validateUsername,
} from './rules';

describe('validation messages (docs/product.md §5, verbatim)', () => {
  it('keeps the exact texts', () => {
    expect(MESSAGES).toMatchObject({
      emailInvalid: 'Invalid email address',
      emailRequired: 'Email is required',
      usernameRequired: 'Username is required',
      passwordTooShort: 'Password must be at least 8 characters',
      passwordRequired: 'Password is required',
      passwordsDoNotMatch: 'The passwords do not match',
      confirmRequired: 'Password confirmation is required',
      fullNameRequired: 'Full Name is required',
      confirmRequiredAdmin: 'Please confirm your password',
    });
  });
});

describe('validateEmail', () => {
  it('requires a value', () => {
    expect(validateEmail('')).toBe('Email is required');
    expect(validateEmail('   ')).toBe('Email is required');
    expect(validateEmail(undefined)).toBe('Email is required');
  });
  it('rejects what does not look like an address', () => {
    for (const bad of ['plain', 'a@b', '@example.com', 'a b@example.com', 'a@example.']) {
      expect(validateEmail(bad), bad).toBe('Invalid email address');
    }
  });
  it('accepts addresses', () => {
    for (const good of ['a@example.com', 'First.Last+tag@sub.example.co.uk', ' spaced@example.com ']) {
      expect(validateEmail(good), good).toBeUndefined();
    }
  });
});

describe('validateUsername (login email)', () => {
  it('says Username is required when empty, and checks the address shape', () => {
    expect(validateUsername('')).toBe('Username is required');
    expect(validateUsername('nope')).toBe('Invalid email address');
    expect(validateUsername('admin@example.com')).toBeUndefined();
  });
});

describe('validatePassword', () => {
  it('requires a password of at least 8 characters', () => {
    expect(validatePassword('')).toBe('Password is required');
    expect(validatePassword('1234567')).toBe('Password must be at least 8 characters');
    expect(validatePassword('12345678')).toBeUndefined();
  });
  it('accepts an empty optional password (admin edit) but still checks a given one', () => {
    expect(validatePassword('', { required: false })).toBeUndefined();
    expect(validatePassword('short', { required: false })).toBe('Password must be at least 8 characters');
  });
});

describe('validateConfirmPassword', () => {
  it('requires the confirmation and compares it', () => {
    expect(validateConfirmPassword('', 'secret123')).toBe('Password confirmation is required');
    expect(validateConfirmPassword('secret124', 'secret123')).toBe('The passwords do not match');
    expect(validateConfirmPassword('secret123', 'secret123')).toBeUndefined();
  });
  it('uses the admin wording when asked', () => {
    expect(validateConfirmPassword('', 'secret123', { requiredMessage: MESSAGES.confirmRequiredAdmin })).toBe(
      'Please confirm your password',
    );
  });
  it('lets an optional confirmation stay empty while the password is empty', () => {
    expect(validateConfirmPassword('', '', { required: false })).toBeUndefined();
    expect(validateConfirmPassword('', 'secret123', { required: false })).toBe('Password confirmation is required');
  });
});

describe('full name', () => {
  it('signup: required, at least 3 characters', () => {
    expect(validateFullName('')).toBe('Full Name is required');
    expect(validateFullName('Al')).toBe('Full Name must be at least 3 characters');
    expect(validateFullName('Ada')).toBeUndefined();
  });
  it('profile: optional, at most 30 characters', () => {
    expect(validateOptionalFullName('')).toBeUndefined();
    expect(validateOptionalFullName('x'.repeat(30))).toBeUndefined();
    expect(validateOptionalFullName('x'.repeat(31))).toBe('Full Name must be at most 30 characters');
  });
});

describe('validatePhoneNumber', () => {
  it('takes an international number, as people write it', () => {
    for (const ok of ['+14155550100', '+44 20 7946 0958', '+1 (415) 555-0100', '+33.1.23.45.67.89'])
      expect(validatePhoneNumber(ok)).toBeUndefined();
  });

  it('refuses a blank, a national or a too long number', () => {
    expect(validatePhoneNumber('  ')).toBe(PHONE_MESSAGES.required);
    for (const bad of ['4155550100', '+0155550100', '+1415555010012345', '+1 415 CALL NOW', '00441234567890'])
      expect(validatePhoneNumber(bad)).toBe(PHONE_MESSAGES.invalid);
  });

  it('strips what people write a number with', () => {
    expect(phoneDigits(' +1 (415) 555-0100 ')).toBe('+14155550100');
  });
});
