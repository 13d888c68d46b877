import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ADMIN, expect, signIn, test } from './fixtures';
import { mailLoggingServer } from './mailLoggingServer';

// The public auth pages (docs/product.md §2.1, §5, §8): exact messages, the login/signup/recovery/reset
// flows against the real API, and the rule that a signed-in user is sent away from them.

const uniqueEmail = () => `auth-${randomUUID().slice(0, 8)}@example.com`;
/** A toast's title and body (the toaster's live region repeats them as one string, so match exactly). */
const toastText = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });
const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });

test.describe('login', () => {
  test('shows its fields, links and the spec messages', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/recover-password');
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');

    // Nothing shows before the user acts; everything on submit.
    await expect(page.getByText('Username is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    // A touched field follows every change.
    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await passwordField(page).fill('short');
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('Email').fill('someone@example.com');
    await passwordField(page).fill('long-enough');
    await expect(page.getByText('Invalid email address')).toHaveCount(0);
    await expect(page.getByText('Password must be at least 8 characters')).toHaveCount(0);
  });

  test('a wrong password shows the error toast with the server detail and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await passwordField(page).fill('not-the-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(toastText(page, 'Something went wrong!')).toBeVisible();
    await expect(toastText(page, 'Incorrect email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  test('logs in (email sent as username, form-encoded), stores the raw token and goes to /', async ({ page, api }) => {
    const user = await api.createUser({ full_name: 'Grace Hopper' });
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await passwordField(page).fill(user.password);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v1/login/access-token')),
      page.getByRole('button', { name: 'Log In' }).click(),
    ]);
    expect(request.headers()['content-type']).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(request.postData() ?? '').get('username')).toBe(user.email);

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Grace Hopper' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/); // raw JWT, not JSON-encoded
  });

  test('the password toggle shows and hides the password', async ({ page }) => {
    await page.goto('/login');
    await passwordField(page).fill('secret-value');
    const toggle = page.getByRole('button', { name: 'Toggle password visibility' });
    await expect(passwordField(page)).toHaveAttribute('type', 'password');
    await toggle.click();
    await expect(passwordField(page)).toHaveAttribute('type', 'text');
    await toggle.click();
    await expect(passwordField(page)).toHaveAttribute('type', 'password');
  });
});

test.describe('signup', () => {
  test('while an administrator has closed sign-up, the page says so instead of its form', async ({ page }) => {
    // Every test file shares the server's setting: this page alone is told that sign-up is closed.
    // (The API's own refusal: api/test/settings/signupSetting.test.ts.)
    await page.route('**/api/v1/settings/public', (route) => route.fulfill({ json: { signup_open: false } }));
    await page.goto('/signup');
    await expect(page.getByText('Sign-up is closed', { exact: true })).toBeVisible();
    await expect(page.getByText('Accounts on this Vigil are made by an administrator: ask one for an account.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows every spec message and the strength meter', async ({ page }) => {
    await page.goto('/signup');
    for (const label of ['Full name', 'Email', 'Confirm password']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    await expect(passwordField(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');

    await page.getByRole('button', { name: 'Sign Up' }).click();
    for (const message of ['Full Name is required', 'Email is required', 'Password is required', 'Password confirmation is required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }

    const meter = page.getByRole('meter', { name: 'Password strength' });
    await passwordField(page).fill('password');
    await expect(meter).toHaveAttribute('aria-valuetext', 'Low');
    await passwordField(page).fill('Password1');
    await expect(meter).toHaveAttribute('aria-valuetext', 'Medium');
    await passwordField(page).fill('Password1!');
    await expect(meter).toHaveAttribute('aria-valuetext', 'High');
    await expect(meter.getByText('High', { exact: true })).toBeVisible();

    await page.getByLabel('Confirm password').fill('Password1?');
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await page.getByLabel('Email').fill('nope');
    await expect(page.getByText('Invalid email address')).toBeVisible();
  });

  test('the full name needs at least 3 characters (docs/product.md §5.2, §9), in the input and on submit', async ({ page }) => {
    let signupCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/users/signup')) signupCalls += 1;
    });
    await page.goto('/signup');
    const fullName = page.getByLabel('Full name');
    await expect(fullName).toHaveAttribute('minlength', '3');
    await fullName.fill('Al');
    await page.getByLabel('Email').fill(uniqueEmail());
    await passwordField(page).fill('long-enough-1');
    await page.getByLabel('Confirm password').fill('long-enough-1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Full Name must be at least 3 characters', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    // Spaces around a name do not count towards it.
    await fullName.fill('  Al  ');
    await expect(page.getByText('Full Name must be at least 3 characters', { exact: true })).toBeVisible();
    await fullName.fill('Ada');
    await expect(page.getByText('Full Name must be at least 3 characters', { exact: true })).toHaveCount(0);
    expect(signupCalls).toBe(0);
  });

  test('creates the account, goes to /login, and the new account can log in', async ({ page }) => {
    const email = uniqueEmail();
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await passwordField(page).fill('analytical-engine');
    await page.getByLabel('Confirm password').fill('analytical-engine');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The login page is a lazy chunk: fill its fields, not the signup form still on screen.
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await passwordField(page).fill('analytical-engine');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('button', { name: 'Ada Lovelace' })).toBeVisible();
  });

  test('an email already in use shows the server detail in the error toast', async ({ page, api }) => {
    const existing = await api.createUser();
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByLabel('Email').fill(existing.email);
    await passwordField(page).fill('another-password');
    await page.getByLabel('Confirm password').fill('another-password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toastText(page, 'Something went wrong!')).toBeVisible();
    await expect(toastText(page, 'The user with this email already exists in the system')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe('password recovery', () => {
  test('validates the email and confirms with the success toast', async ({ page, api }) => {
    const user = await api.createUser();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/recover-password$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill('bad@address');
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(toastText(page, 'Success!')).toBeVisible();
    await expect(toastText(page, 'Password recovery email sent successfully.')).toBeVisible();
  });
});

test.describe('reset password', () => {
  test('validates, and an invalid token shows the error toast', async ({ page }) => {
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByText('Password confirmation is required')).toBeVisible();
    await page.getByLabel('New password').fill('brand-new-password');
    await expect(page.getByRole('meter', { name: 'Password strength' })).toBeVisible();
    await page.getByLabel('Confirm password').fill('brand-new-passwork');
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm password').fill('brand-new-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(toastText(page, 'Invalid token')).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password/);
  });
});

test.describe('public routes', () => {
  test('send a signed-in user to /', async ({ page, api }) => {
    const user = await api.createUser({ full_name: 'Signed In' });
    await signIn(page, user);
    for (const path of ['/login', '/signup', '/recover-password', '/reset-password?token=x']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    }
  });
});

// The whole recovery loop needs the token from the email. The shared test server discards its
// log, so this one test runs its own server (same build, fresh database) and reads the link the
// server logs in place of sending mail (contract: no SMTP_HOST → emails are logged).
test.describe('password reset from the recovery email', () => {
  const mail = mailLoggingServer('mail');

  test('recover, follow the link, set a new password, log in with it', async ({ page }) => {
    const email = uniqueEmail();
    const signup = await fetch(`${mail.base}/api/v1/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'first-password', full_name: 'Reset Me' }),
    });
    expect(signup.status).toBe(200);

    await page.goto(`${mail.base}/recover-password`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(toastText(page, 'Password recovery email sent successfully.')).toBeVisible();

    let link = '';
    await expect(async () => {
      const match = mail.log.join('').match(new RegExp(`${mail.base.replace(/[.:/]/g, '\\$&')}/reset-password\\?token=[\\w-]+`, 'g'));
      link = match?.at(-1) ?? '';
      expect(link).not.toBe('');
    }).toPass({ timeout: 10_000 });

    await page.goto(link);
    await page.getByLabel('New password').fill('second-password');
    await page.getByLabel('Confirm password').fill('second-password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(`${mail.base}/login`);
    await expect(toastText(page, 'Password updated successfully.')).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await passwordField(page).fill('second-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('button', { name: 'Reset Me' })).toBeVisible();
  });
});
