import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// /settings (docs/product.md §2.7, §4, §5, §6, §8): My profile, Password, Appearance and Danger zone, against
// the real API. Every test works on a user of its own (never the shared superuser's password).

test.describe.configure({ timeout: 90_000 });

/** A toast's text (the toaster's live region repeats title and body as one string: match exactly). */
const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });
const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const panel = (page: Page) => page.getByRole('tabpanel');
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('access_token'));

test.describe('tabs', () => {
  test('an ordinary user sees My profile, Password, Appearance, API tokens, Calendar feeds, Chat accounts and Danger zone', async ({
    page,
    api,
  }) => {
    await signIn(page, await api.createUser(), '/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'User Settings' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(7);
    for (const name of ['My profile', 'Password', 'Appearance', 'API tokens', 'Calendar feeds', 'Chat accounts', 'Danger zone'])
      await expect(tab(page, name)).toBeVisible();
    await expect(tab(page, 'My profile')).toHaveAttribute('aria-selected', 'true');
  });

  test('a superuser has no Danger zone', async ({ page, api }) => {
    await signIn(page, await api.createUser({ is_superuser: true }), '/settings');
    await expect(tab(page, 'Appearance')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(6);
    await expect(tab(page, 'Danger zone')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete account' })).toHaveCount(0);
  });
});

test.describe('My profile', () => {
  test("shows 'N/A' and the email; Save needs a change and an email; Cancel resets and leaves edit mode", async ({ page, api }) => {
    const user = await api.createUser({ full_name: null });
    await signIn(page, user, '/settings');
    await expect(panel(page).getByText('N/A', { exact: true })).toBeVisible();
    await expect(panel(page).getByText(user.email, { exact: true })).toBeVisible();

    await panel(page).getByRole('button', { name: 'Edit' }).click();
    const fullName = panel(page).getByRole('textbox', { name: 'Full name' });
    const email = panel(page).getByRole('textbox', { name: 'Email' });
    const save = panel(page).getByRole('button', { name: 'Save' });
    await expect(fullName).toHaveValue('');
    await expect(email).toHaveValue(user.email);
    await expect(save).toBeDisabled();

    // Maximum length 30.
    await fullName.fill('');
    await fullName.pressSequentially('A name that is far longer than thirty characters');
    await expect(fullName).toHaveValue('A name that is far longer than');
    await expect(save).toBeEnabled();
    await email.fill('');
    await expect(save).toBeDisabled();
    await email.fill(user.email);
    await expect(save).toBeEnabled();

    await panel(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(fullName).toHaveCount(0);
    await expect(panel(page).getByText('N/A', { exact: true })).toBeVisible();
    await panel(page).getByRole('button', { name: 'Edit' }).click();
    await expect(fullName).toHaveValue('');
    await expect(save).toBeDisabled();
  });

  test('Save patches /users/me, toasts, returns to view mode and the top bar follows', async ({ page, api }) => {
    const user = await api.createUser({ full_name: 'Pat Before' });
    await signIn(page, user, '/settings');
    await expect(page.getByRole('button', { name: 'Pat Before' })).toBeVisible();
    await panel(page).getByRole('button', { name: 'Edit' }).click();
    await panel(page).getByRole('textbox', { name: 'Full name' }).fill('Pat After');
    const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith('/api/v1/users/me'));
    await panel(page).getByRole('button', { name: 'Save' }).click();
    expect((await patch).postDataJSON()).toEqual({ full_name: 'Pat After', email: user.email });
    await expect(toast(page, 'User updated successfully.')).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(panel(page).getByText('Pat After', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pat After' })).toBeVisible();

    await page.reload();
    await expect(panel(page).getByText('Pat After', { exact: true })).toBeVisible();
  });

  test("an email someone else has shows the server's error toast and stays in edit mode", async ({ page, api }) => {
    const [user, other] = await Promise.all([api.createUser(), api.createUser()]);
    await signIn(page, user, '/settings');
    await panel(page).getByRole('button', { name: 'Edit' }).click();
    await panel(page).getByRole('textbox', { name: 'Email' }).fill(other.email);
    await panel(page).getByRole('button', { name: 'Save' }).click();
    const error = page.locator('.fui-Toast').filter({ hasText: 'The user with this email already exists in the system' });
    await expect(error).toBeVisible();
    await expect(error.getByText('Something went wrong!')).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Save' })).toBeVisible();
  });
});

test.describe('Password', () => {
  test('Save stays disabled until valid; a wrong current password is refused with a toast', async ({ page, api }) => {
    const user = await api.createUser();
    await signIn(page, user, '/settings');
    await tab(page, 'Password').click();
    const current = panel(page).getByRole('textbox', { name: 'Current password' });
    const next = panel(page).getByRole('textbox', { name: 'New password' });
    const confirm = panel(page).getByRole('textbox', { name: 'Confirm password' });
    const save = panel(page).getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();

    await current.fill('wrong-password');
    await next.fill('short');
    await next.blur();
    await expect(panel(page).getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(panel(page).getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Low');
    await next.fill('Changed-pass-1');
    await confirm.fill('Changed-pass-2');
    await confirm.blur();
    await expect(panel(page).getByText('The passwords do not match')).toBeVisible();
    await expect(save).toBeDisabled();
    await confirm.fill('Changed-pass-1');
    await expect(save).toBeEnabled();

    await save.click();
    await expect(toast(page, 'Incorrect password')).toBeVisible();
    // Still signed in with the same token.
    expect(await storedToken(page)).toBe(user.token);
  });

  test('a password change keeps the user signed in with a fresh token; the old password and token stop working', async ({
    page,
    api,
    request,
  }) => {
    const user = await api.createUser();
    await signIn(page, user, '/settings');
    await tab(page, 'Password').click();
    await panel(page).getByRole('textbox', { name: 'Current password' }).fill(user.password);
    await panel(page).getByRole('textbox', { name: 'New password' }).fill('Changed-pass-1');
    await panel(page).getByRole('textbox', { name: 'Confirm password' }).fill('Changed-pass-1');
    await panel(page).getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Password updated successfully.')).toBeVisible();
    await expect(panel(page).getByRole('textbox', { name: 'Current password' })).toHaveValue('');

    await expect.poll(() => storedToken(page)).not.toBe(user.token);
    const old = await request.get('/api/v1/users/me', { headers: { authorization: `Bearer ${user.token}` } });
    expect(old.status()).toBe(401);
    const refused = await request.post('/api/v1/login/access-token', { form: { username: user.email, password: user.password } });
    expect(refused.status()).toBe(400);
    expect(await api.token(user.email, 'Changed-pass-1')).toBeTruthy();

    // The console keeps working: a fresh load stays signed in.
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'User Settings' })).toBeVisible();
    await expect(panel(page).getByText(user.email, { exact: true })).toBeVisible();
  });
});

test.describe('Appearance', () => {
  test('Dark Mode repaints the whole console at once and persists in localStorage `theme`', async ({ page, api }) => {
    await signIn(page, await api.createUser(), '/settings');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await tab(page, 'Appearance').click();
    await expect(panel(page).getByRole('radio', { name: 'Light Mode' })).toBeChecked();
    for (const name of ['System', 'Light Mode', 'Dark Mode']) await expect(panel(page).getByRole('radio', { name })).toBeVisible();

    await panel(page).getByRole('radio', { name: 'Dark Mode' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    // The shell's chrome (top bar, side menu) follows: its background is dark now.
    const banner = await page.getByRole('banner').evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g, b] = (banner.match(/\d+/g) ?? []).map(Number);
    expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(3 * 100);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await tab(page, 'Appearance').click();
    await expect(panel(page).getByRole('radio', { name: 'Dark Mode' })).toBeChecked();
  });

  test('System follows the operating system', async ({ page, api }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, await api.createUser(), '/settings?tab=appearance');
    await panel(page).getByRole('radio', { name: 'System' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('Danger zone', () => {
  test('Delete account asks first, then deletes the account, removes the token and goes to /login', async ({ page, api, request }) => {
    const user = await api.createUser();
    await signIn(page, user, '/settings');
    await tab(page, 'Danger zone').click();
    await panel(page).getByRole('button', { name: 'Delete account' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('permanently deleted');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    await panel(page).getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Your account has been successfully deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
    const login = await request.post('/api/v1/login/access-token', { form: { username: user.email, password: user.password } });
    expect(login.status()).toBe(400);
  });
});
