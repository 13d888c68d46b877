import type { Locator, Page } from '@playwright/test';
import { expect, loginHydrated, test } from './fixtures';

// Keyboard reachable: the main flows with the keyboard alone — Tab and Shift+Tab to
// move, Enter and Space to press, the arrow keys inside a menu (its ARIA pattern), Escape to
// close. No mouse event is sent in this file.

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it never gets it. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reachable with ${backwards ? 'Shift+Tab' : 'Tab'} in ${max} presses`).toBeFocused();
}

/** Moves through an open menu with the arrow keys until `item` has the focus. */
async function arrowTo(page: Page, item: Locator, max = 8) {
  for (let i = 0; i < max; i++) {
    if (await item.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('ArrowDown');
  }
  await expect(item).toBeFocused();
}

test('log in, the side menu, a row menu with its delete confirmation, and the user menu', async ({ page, api }) => {
  const user = await api.createUser({ full_name: 'Keyboard Person' });
  const integration = await api.createIntegration(user.token, { title: 'Keyboard target' });

  // Log in from /login.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await loginHydrated(page);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Every entry of the side menu.
  const nav = page.getByRole('complementary', { name: 'Side menu' });
  await tabTo(page, nav.getByRole('link', { name: 'Alerts' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await tabTo(page, nav.getByRole('link', { name: 'User Settings' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible();
  await tabTo(page, nav.getByRole('link', { name: 'Dashboard' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await tabTo(page, nav.getByRole('link', { name: 'Integrations' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/integrations$/);

  // A row's Actions menu, its delete confirmation, cancelled.
  const rowMenu = page.getByRole('button', { name: `Actions for integration ${integration.title}` });
  await tabTo(page, rowMenu);
  await page.keyboard.press('Enter');
  const deleteItem = page.getByRole('menuitem', { name: 'Delete Integration' });
  await expect(deleteItem).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(deleteItem).toBeHidden();
  await expect(rowMenu).toBeFocused();
  await page.keyboard.press('Space');
  await arrowTo(page, deleteItem);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Delete Integration' });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: 'Cancel' }));
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('cell', { name: integration.title, exact: true })).toBeVisible();
  // The focus goes back to the row's menu button, not to the top of the page.
  await expect(rowMenu).toBeFocused();
  // Escape closes the confirmation too.
  await tabTo(page, rowMenu);
  await page.keyboard.press('Enter');
  await arrowTo(page, deleteItem);
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('cell', { name: integration.title, exact: true })).toBeVisible();
  await expect(rowMenu).toBeFocused();

  // The user menu: opened, closed with Escape, then My Profile.
  const userMenu = page.getByRole('button', { name: 'Keyboard Person' });
  await tabTo(page, userMenu, { backwards: true });
  await page.keyboard.press('Enter');
  const profile = page.getByRole('menuitem', { name: 'My Profile' });
  await expect(profile).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();
  await expect(userMenu).toBeFocused();
  await page.keyboard.press('Space');
  await arrowTo(page, profile);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/settings$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the drawer opens, closes with Escape and navigates by keyboard', async ({ page, api }) => {
    const user = await api.createUser();
    await page.goto('/login');
    await loginHydrated(page);
    await page.evaluate((token) => localStorage.setItem('access_token', token), user.token);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const hamburger = page.getByRole('button', { name: 'Open navigation menu' });
    await tabTo(page, hamburger);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(hamburger).toBeFocused();
    await page.keyboard.press('Space');
    await expect(drawer).toBeVisible();
    await tabTo(page, drawer.getByRole('link', { name: 'Alerts' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/alerts$/);
    await expect(drawer).toBeHidden();
  });
});
