/**
 * Form validation of the console (docs/product.md §5): the exact messages and one small rule function
 * per field. A rule takes the field's value (and what it depends on) and answers the message
 * to show, or `undefined` when the value is fine. No form library: `useValidatedForm` (beside
 * this file) decides WHEN a message shows; these functions decide WHAT it says.
 */

import { API_LIMITS } from '../api/limits';

/** The API's (UserCreate, UserRegister, UpdatePassword, NewPassword: the same minimum). */
export const PASSWORD_MIN_LENGTH = API_LIMITS.UserCreate.password.minLength;
/** Spec §9: the signup full name has a minimum length of 3 (the console's own rule: the API has none). */
export const FULL_NAME_MIN_LENGTH = 3;
/** Spec §5/§9: the profile full name has a maximum length of 30 (the server allows 255). */
export const PROFILE_FULL_NAME_MAX_LENGTH = 30;

/** The spec's messages, verbatim. `fullNameTooShort`/`fullNameTooLong` are the console's own (spec gives none). */
export const MESSAGES = {
  emailInvalid: 'Invalid email address',
  emailRequired: 'Email is required',
  usernameRequired: 'Username is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordRequired: 'Password is required',
  passwordsDoNotMatch: 'The passwords do not match',
  confirmRequired: 'Password confirmation is required',
  fullNameRequired: 'Full Name is required',
  confirmRequiredAdmin: 'Please confirm your password',
  fullNameTooShort: `Full Name must be at least ${FULL_NAME_MIN_LENGTH} characters`,
  fullNameTooLong: `Full Name must be at most ${PROFILE_FULL_NAME_MAX_LENGTH} characters`,
} as const;

/** Something@domain.tld: the pattern of the FastAPI full-stack template's console. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

export type RuleResult = string | undefined;

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/** Email: required, and must look like an address. */
export function validateEmail(value: string | null | undefined): RuleResult {
  if (blank(value)) return MESSAGES.emailRequired;
  return EMAIL_PATTERN.test(value!.trim()) ? undefined : MESSAGES.emailInvalid;
}

/** The login form's email field is the API's `username`: required, and must look like an address. */
export function validateUsername(value: string | null | undefined): RuleResult {
  if (blank(value)) return MESSAGES.usernameRequired;
  return EMAIL_PATTERN.test(value!.trim()) ? undefined : MESSAGES.emailInvalid;
}

/**
 * A password: at least 8 characters. `required: false` (admin Edit User) accepts an empty value,
 * which the caller then leaves out of the request.
 */
export function validatePassword(value: string | null | undefined, { required = true } = {}): RuleResult {
  if (!value) return required ? MESSAGES.passwordRequired : undefined;
  return value.length < PASSWORD_MIN_LENGTH ? MESSAGES.passwordTooShort : undefined;
}

/**
 * The confirmation of `password`: required, and equal to it. Admin Add User asks with
 * 'Please confirm your password' (`requiredMessage: MESSAGES.confirmRequiredAdmin`).
 * With `required: false` (admin Edit User) an empty confirmation is fine while the password is empty too.
 */
export function validateConfirmPassword(
  value: string | null | undefined,
  password: string | null | undefined,
  { required = true, requiredMessage = MESSAGES.confirmRequired as string } = {},
): RuleResult {
  if (!value) {
    if (!required && !password) return undefined;
    return requiredMessage;
  }
  return value === (password ?? '') ? undefined : MESSAGES.passwordsDoNotMatch;
}

/** Signup full name: required, at least 3 characters. */
export function validateFullName(value: string | null | undefined): RuleResult {
  if (blank(value)) return MESSAGES.fullNameRequired;
  return value!.trim().length < FULL_NAME_MIN_LENGTH ? MESSAGES.fullNameTooShort : undefined;
}

/** Profile / admin full name: optional, at most 30 characters. */
export function validateOptionalFullName(value: string | null | undefined): RuleResult {
  return (value ?? '').length > PROFILE_FULL_NAME_MAX_LENGTH ? MESSAGES.fullNameTooLong : undefined;
}

/**
 * A phone number in international (E.164) form: a plus, the country code, the number, 7 to 15
 * digits in all. A light check before sending: the API's check (by country) is the one that counts.
 */
export const E164_PATTERN = /^\+[1-9][0-9]{6,14}$/;
export const PHONE_MESSAGES = {
  required: 'Phone number is required',
  invalid: 'Enter the number in international format: a plus, the country code and the number, e.g. +14155550100',
} as const;

/** A phone number: required, in international format once spaces, dashes, dots and brackets are taken out. */
export function validatePhoneNumber(value: string | null | undefined): RuleResult {
  if (blank(value)) return PHONE_MESSAGES.required;
  return E164_PATTERN.test(phoneDigits(value!)) ? undefined : PHONE_MESSAGES.invalid;
}

/** A number as typed, without the spaces, dashes, dots and brackets people write it with. */
export const phoneDigits = (value: string) => value.replace(/[\s().-]/g, '');
