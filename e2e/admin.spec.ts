import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, signIn, test } from './fixtures';

// /admin (docs/product.md §2.8, §5.5, §6, §8.2, §9): the users table and its Add / Edit / Delete dialogs, against
// the real API. Other suites create users in parallel, so a row is looked up by its email and the
// page it is on is computed from the API's list (oldest first), never assumed.

const PAGE_SIZE = 5;

// Several page loads per test on a 2-core machine shared with other suites.
test.describe.configure({ timeout: 120_000 });

/** A toast's text (the toaster's live region repeats title and body as one string: match exactly). */
const toast = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });

const row = (page: Page, email: string) => page.getByTestId('user-row').filter({ hasText: email });

/** The page of `/admin` that lists `email`, from the API's own order. */
async function pageOf(request: APIRequestContext, token: string, email: string): Promise<number> {
  for (let skip = 0; ; skip += 100) {
    const res = await request.get(`/api/v1/users/?skip=${skip}&limit=100`, { headers: { authorization: `Bearer ${token}` } });
    const { data, count } = (await res.json()) as { data: { email: string }[]; count: number };
    const index = data.findIndex((user) => user.email === email);
    if (index >= 0) return Math.floor((skip + index) / PAGE_SIZE) + 1;
    if (skip + 100 >= count) throw new Error(`${email} is not in the users list`);
  }
}

/** Opens the page of /admin that shows `email` (retrying when parallel deletions shift the rows). */
async function gotoUserRow(page: Page, request: APIRequestContext, token: string, email: string) {
  await expect(async () => {
    await page.goto(`/admin?page=${await pageOf(request, token, email)}`);
    // The page's rows arrive in one answer: once any is shown, the user's is there or the rows
    // moved meanwhile, and the page is computed again at once rather than after a long wait.
    await expect(page.getByTestId('user-row').first()).toBeVisible({ timeout: 15_000 });
    await expect(row(page, email)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  return row(page, email);
}

const openRowMenu = async (page: Page, email: string) => {
  await page.getByRole('button', { name: `Actions for ${email}` }).click();
  return page.getByRole('menu');
};

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
/** The delete confirmation is an alert dialog (it interrupts). */
const alertDialog = (page: Page, name: string) => page.getByRole('alertdialog', { name });
const uniqueEmail = (tag: string) => `e2e-${tag}-${randomUUID().slice(0, 8)}@example.com`;

test.describe('users table', () => {
  test("the current user's row has the You badge and both actions disabled; other rows can be edited and deleted", async ({
    page,
    api,
    request,
  }) => {
    const admin = await api.admin();
    const other = await api.createUser({ full_name: null });
    await signIn(page, admin, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Users Management' })).toBeVisible();

    // The first superuser is the oldest user: first row of page 1.
    const mine = row(page, ADMIN.email);
    await expect(mine.getByText('You', { exact: true })).toBeVisible();
    await expect(mine.getByText('Superuser', { exact: true })).toBeVisible();
    await expect(mine.getByText('Active', { exact: true })).toBeVisible();
    const menu = await openRowMenu(page, ADMIN.email);
    await expect(menu.getByRole('menuitem', { name: 'Edit User' })).toBeDisabled();
    await expect(menu.getByRole('menuitem', { name: 'Delete User' })).toBeDisabled();
    await page.keyboard.press('Escape');

    const theirs = await gotoUserRow(page, request, admin.token, other.email);
    await expect(theirs.getByText('N/A', { exact: true })).toBeVisible();
    await expect(theirs.getByText('User', { exact: true })).toBeVisible();
    await expect(theirs.getByText('You', { exact: true })).toHaveCount(0);
    const otherMenu = await openRowMenu(page, other.email);
    await expect(otherMenu.getByRole('menuitem', { name: 'Edit User' })).toBeEnabled();
    await expect(otherMenu.getByRole('menuitem', { name: 'Delete User' })).toBeEnabled();
  });

  test('columns, roles and statuses: Superuser / User, Active / Inactive', async ({ page, api, request }) => {
    const admin = await api.admin();
    const inactive = await api.createUser({ full_name: 'Ina Inactive', is_active: false });
    const boss = await api.createUser({ full_name: 'Sue Superuser', is_superuser: true });
    await signIn(page, admin, '/admin');
    for (const name of ['Full name', 'Email', 'Role', 'Status', 'Actions']) {
      await expect(page.getByRole('columnheader', { name })).toBeVisible();
    }
    const inactiveRow = await gotoUserRow(page, request, admin.token, inactive.email);
    await expect(inactiveRow.getByText('Ina Inactive')).toBeVisible();
    await expect(inactiveRow.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(inactiveRow.getByText('User', { exact: true })).toBeVisible();
    const bossRow = await gotoUserRow(page, request, admin.token, boss.email);
    await expect(bossRow.getByText('Superuser', { exact: true })).toBeVisible();
    await expect(bossRow.getByText('Active', { exact: true })).toBeVisible();
  });

  test('while the list loads, a skeleton of 5 rows shows', async ({ page, api }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/users/?*', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, await api.admin(), '/admin');
    await expect(page.getByTestId('user-row-skeleton')).toHaveCount(5);
    await expect(page.getByTestId('user-row')).toHaveCount(0);
    release();
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    await expect(page.getByTestId('user-row-skeleton')).toHaveCount(0);
  });

  test('pages of 5 with ?page=; an invalid page is page 1', async ({ page, api }) => {
    const admin = await api.admin();
    // At least 6 users, so there is a page 2.
    for (let i = 0; i < 6; i += 1) await api.createUser();
    const sizes: number[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/v1/users/') sizes.push(Number(url.searchParams.get('limit')));
    });
    await signIn(page, admin, '/admin?page=2');
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    expect(await page.getByTestId('user-row').count()).toBeLessThanOrEqual(PAGE_SIZE);
    await expect(row(page, ADMIN.email)).toHaveCount(0);

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/\/admin\?page=1$/);
    await expect(row(page, ADMIN.email)).toBeVisible();
    await expect(page.getByTestId('user-row')).toHaveCount(PAGE_SIZE);
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.every((limit) => limit === PAGE_SIZE)).toBe(true);

    await page.goto('/admin?page=abc');
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expect(row(page, ADMIN.email)).toBeVisible();
  });
});

test.describe('Add User', () => {
  test('Save stays disabled until the form is valid; the rules show their messages; the user is created', async ({
    page,
    api,
    request,
  }) => {
    const admin = await api.admin();
    await signIn(page, admin, '/admin');
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = dialog(page, 'Add User');
    const save = add.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();

    const email = uniqueEmail('add');
    await add.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await add.getByRole('textbox', { name: 'Full name' }).click();
    await expect(add.getByText('Invalid email address')).toBeVisible();
    await add.getByRole('textbox', { name: 'Email' }).fill(email);

    const password = add.getByRole('textbox', { name: 'Password', exact: true });
    const confirm = add.getByRole('textbox', { name: 'Confirm password' });
    await confirm.focus();
    await confirm.blur();
    await expect(add.getByText('Please confirm your password')).toBeVisible();
    await password.fill('short');
    await password.blur();
    await expect(add.getByText('Password must be at least 8 characters')).toBeVisible();
    // The strength meter sits under the password.
    await expect(add.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Low');
    await password.fill('Added-user-pass1');
    await expect(add.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'High');
    await confirm.fill('Added-user-pass2');
    await expect(add.getByText('The passwords do not match')).toBeVisible();
    await expect(save).toBeDisabled();
    await confirm.fill('Added-user-pass1');
    await expect(save).toBeEnabled();

    await add.getByRole('textbox', { name: 'Full name' }).fill('Ada Added');
    await add.getByRole('checkbox', { name: 'Is superuser?' }).check();
    await expect(add.getByRole('checkbox', { name: 'Is active?' })).toBeChecked();
    await save.click();
    await expect(toast(page, 'User created successfully.')).toBeVisible();
    await expect(add).toBeHidden();

    // The new user signs in with that password, and shows in the list (refreshed after the mutation).
    expect(await api.token(email, 'Added-user-pass1')).toBeTruthy();
    const added = await gotoUserRow(page, request, admin.token, email);
    await expect(added.getByText('Ada Added')).toBeVisible();
    await expect(added.getByText('Superuser', { exact: true })).toBeVisible();
    await expect(added.getByText('Active', { exact: true })).toBeVisible();
  });

  test('a duplicate email shows the error toast with the server detail and keeps the dialog open', async ({ page, api }) => {
    const existing = await api.createUser();
    await signIn(page, await api.admin(), '/admin');
    await page.getByRole('button', { name: 'Add User' }).click();
    const add = dialog(page, 'Add User');
    await add.getByRole('textbox', { name: 'Email' }).fill(existing.email);
    await add.getByRole('textbox', { name: 'Password', exact: true }).fill('some-password1');
    await add.getByRole('textbox', { name: 'Confirm password' }).fill('some-password1');
    await add.getByRole('button', { name: 'Save' }).click();
    const error = page.locator('.fui-Toast').filter({ hasText: 'The user with this email already exists in the system' });
    await expect(error).toBeVisible();
    await expect(error.getByText('Something went wrong!')).toBeVisible();
    await expect(add).toBeVisible();
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();
  });
});

test.describe('Edit User', () => {
  test('starts from the user; an empty password is left out of the PATCH and the old one keeps working', async ({ page, api, request }) => {
    const admin = await api.admin();
    const user = await api.createUser({ full_name: 'Eddie Before' });
    await signIn(page, admin);
    await gotoUserRow(page, request, admin.token, user.email);
    await (await openRowMenu(page, user.email)).getByRole('menuitem', { name: 'Edit User' }).click();
    const edit = dialog(page, 'Edit User');
    await expect(edit.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
    await expect(edit.getByRole('textbox', { name: 'Full name' })).toHaveValue('Eddie Before');
    // The contract's field name, "Password", with the hint that it is optional here.
    await expect(edit.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
    await expect(edit.getByText('Password is optional: leave it empty to keep the current one.')).toBeVisible();
    await expect(edit.getByRole('meter', { name: 'Password strength' })).toBeVisible();
    await expect(edit.getByRole('checkbox', { name: 'Is superuser?' })).not.toBeChecked();
    await expect(edit.getByRole('checkbox', { name: 'Is active?' })).toBeChecked();
    const save = edit.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();

    await edit.getByRole('textbox', { name: 'Full name' }).fill('Eddie After');
    await edit.getByRole('checkbox', { name: 'Is active?' }).uncheck();
    await expect(save).toBeEnabled();
    const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes(`/api/v1/users/${user.id}`));
    await save.click();
    const body = (await patch).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({ email: user.email, full_name: 'Eddie After', is_superuser: false, is_active: false });
    await expect(toast(page, 'User updated successfully.')).toBeVisible();
    await expect(edit).toBeHidden();

    const edited = row(page, user.email);
    await expect(edited.getByText('Eddie After')).toBeVisible();
    await expect(edited.getByText('Inactive', { exact: true })).toBeVisible();
    // Inactive now: the password is unchanged, the server just refuses the login.
    const login = await request.post('/api/v1/login/access-token', { form: { username: user.email, password: user.password } });
    expect(await login.json()).toEqual({ detail: 'Inactive user' });
  });

  test('a new password must have 8 characters and be confirmed; it then replaces the old one', async ({ page, api, request }) => {
    const admin = await api.admin();
    const user = await api.createUser();
    await signIn(page, admin);
    await gotoUserRow(page, request, admin.token, user.email);
    await (await openRowMenu(page, user.email)).getByRole('menuitem', { name: 'Edit User' }).click();
    const edit = dialog(page, 'Edit User');
    const save = edit.getByRole('button', { name: 'Save' });
    const password = edit.getByRole('textbox', { name: 'Password', exact: true });
    const confirm = edit.getByRole('textbox', { name: 'Confirm password' });

    await password.fill('short');
    await password.blur();
    await expect(edit.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(save).toBeDisabled();
    await password.fill('Brand-new-pass1');
    await expect(save).toBeDisabled();
    await confirm.fill('Brand-new-pass2');
    await confirm.blur();
    await expect(edit.getByText('The passwords do not match')).toBeVisible();
    await expect(save).toBeDisabled();
    await confirm.fill('Brand-new-pass1');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(toast(page, 'User updated successfully.')).toBeVisible();

    expect(await api.token(user.email, 'Brand-new-pass1')).toBeTruthy();
    const old = await request.post('/api/v1/login/access-token', { form: { username: user.email, password: user.password } });
    expect(old.status()).toBe(400);
  });
});

test.describe('Delete User', () => {
  test('asks for confirmation, deletes, toasts and refreshes the list', async ({ page, api, request }) => {
    const admin = await api.admin();
    const user = await api.createUser({ full_name: 'Doomed Dora' });
    await signIn(page, admin);
    await gotoUserRow(page, request, admin.token, user.email);

    await (await openRowMenu(page, user.email)).getByRole('menuitem', { name: 'Delete User' }).click();
    const confirm = alertDialog(page, 'Delete User');
    await expect(confirm).toContainText('Doomed Dora');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row(page, user.email)).toBeVisible();

    await (await openRowMenu(page, user.email)).getByRole('menuitem', { name: 'Delete User' }).click();
    await alertDialog(page, 'Delete User').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'The user was deleted successfully')).toBeVisible();
    await expect(row(page, user.email)).toHaveCount(0);
    const gone = await request.get(`/api/v1/users/${user.id}`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(gone.status()).toBe(404);
  });

  test("a failed delete shows 'An error occurred while deleting the user'", async ({ page, api, request }) => {
    const admin = await api.admin();
    const user = await api.createUser();
    await signIn(page, admin);
    await gotoUserRow(page, request, admin.token, user.email);
    await (await openRowMenu(page, user.email)).getByRole('menuitem', { name: 'Delete User' }).click();
    // Someone else deletes the user first: the console's DELETE then answers 404.
    await request.delete(`/api/v1/users/${user.id}`, { headers: { authorization: `Bearer ${admin.token}` } });
    await alertDialog(page, 'Delete User').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'An error occurred while deleting the user')).toBeVisible();
    await expect(row(page, user.email)).toHaveCount(0);
  });
});
