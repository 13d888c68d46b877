import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// Usable from 360 px wide: every public form, the integrations and alerts lists, each settings
// tab, /admin and its Add User dialog on a 360 px phone. Nothing sticks out sideways (the page
// never scrolls horizontally) and the controls a visitor needs are shown whole inside the
// viewport (scrolled to vertically, as a thumb would). The drawer and the dashboard at 360 px
// are in layout.spec.ts.

const WIDTH = 360;
test.use({ viewport: { width: WIDTH, height: 740 } });

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), page.url()).toBeLessThanOrEqual(WIDTH);
}

/** Visible and wholly inside the viewport once scrolled to: nothing cut off at the sides. */
async function expectReachable(...controls: Locator[]) {
  for (const control of controls) {
    await expect(control).toBeVisible();
    // Centred: scrollIntoViewIfNeeded can stop a pixel short of a control at the page's very bottom.
    await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await expect(control).toBeInViewport({ ratio: 1 });
  }
}

/**
 * What shows of a Fluent checkbox: its square and its label. (Its native input is an invisible
 * hit area a few pixels wider than the square, which the dialog's scroll box may clip.)
 */
const checkboxParts = (scope: Locator, name: string) => {
  const checkbox = scope.locator('.fui-Checkbox', { has: scope.page().getByRole('checkbox', { name }) });
  return [checkbox.locator('.fui-Checkbox__indicator'), checkbox.getByText(name, { exact: true })];
};

const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });

test('the public forms fit 360 px', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectReachable(
    page.getByLabel('Email'),
    passwordField(page),
    page.getByRole('button', { name: 'Toggle password visibility' }),
    page.getByRole('link', { name: 'Forgot password?' }),
    page.getByRole('button', { name: 'Log In' }),
    page.getByRole('link', { name: 'Sign up' }),
  );

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  // Messages under every field must not widen the page either.
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Password confirmation is required')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectReachable(
    page.getByLabel('Full name'),
    page.getByLabel('Email'),
    passwordField(page),
    page.getByRole('meter', { name: 'Password strength' }),
    page.getByLabel('Confirm password'),
    page.getByRole('button', { name: 'Sign Up' }),
    page.getByRole('link', { name: 'Log in' }),
  );

  await page.goto('/recover-password');
  await expect(page.getByRole('heading', { name: 'Password Recovery' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectReachable(page.getByLabel('Email'), page.getByRole('button', { name: 'Continue' }));

  await page.goto('/reset-password?token=from-the-email');
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectReachable(
    page.getByLabel('New password'),
    page.getByRole('meter', { name: 'Password strength' }),
    page.getByLabel('Confirm password'),
    page.getByRole('button', { name: 'Reset Password' }),
  );
});

test('the integrations list fits 360 px, its row menu in reach', async ({ page, api }) => {
  const user = await api.createUser({ full_name: 'Phone Person' });
  for (let i = 1; i <= 6; i++) {
    await api.createIntegration(user.token, {
      title: `Alertmanager of a rather long cluster name ${i}`,
      description: 'A description long enough to need more room than a phone has',
    });
  }
  await signIn(page, user, '/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  const rowMenu = page.getByRole('button', { name: 'Actions for integration Alertmanager of a rather long cluster name 6' });
  await expect(rowMenu).toBeVisible();
  await expectNoSidewaysScroll(page);
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expectReachable(
    page.getByRole('button', { name: 'Open navigation menu' }),
    page.getByRole('button', { name: 'Phone Person' }),
    page.getByRole('button', { name: 'Add Integration' }),
    rowMenu,
    pagination.getByRole('button', { name: 'Previous' }),
    pagination.getByRole('button', { name: 'Next' }),
  );
  await rowMenu.click();
  await expectReachable(page.getByRole('menuitem', { name: 'Delete Integration' }));
});

test('the alerts list fits 360 px: its selection column, checkboxes and row menu in reach', async ({ page, api }) => {
  const user = await api.createUser({ full_name: 'Phone Person' });
  for (let i = 1; i <= 3; i++) {
    await api.createAlert(user.token, {
      title: `Disk almost full on a rather long host name ${i}`,
      description: 'A description long enough to need more room than a phone has',
    });
  }
  await signIn(page, user, '/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  const title = 'Disk almost full on a rather long host name 3';
  const rowMenu = page.getByRole('button', { name: `Actions for alert ${title}` });
  await expect(rowMenu).toBeVisible();
  await expectNoSidewaysScroll(page);
  // Each alert is a card (e2e/phoneLists.spec.ts): its checkbox, the page's "select all" and its menu in reach.
  await expectReachable(
    page.getByRole('checkbox', { name: 'Select all alerts on this page' }),
    page.getByRole('checkbox', { name: `Select alert ${title}` }),
    rowMenu,
  );
  await page.getByRole('checkbox', { name: 'Select all alerts on this page' }).check();
  await expect(page.getByText('3 selected')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await rowMenu.click();
  await expectReachable(page.getByRole('menuitem', { name: 'Delete Alert' }));
});

test('each settings tab fits 360 px', async ({ page, api }) => {
  const user = await api.createUser({ full_name: 'Phone Person' });
  await signIn(page, user, '/settings');
  await expect(page.getByRole('heading', { name: 'User Settings' })).toBeVisible();
  const tab = (name: string) => page.getByRole('tab', { name });
  // Each tab is shown whole once the strip is scrolled to it: none is cut off at the edge.
  await expectReachable(
    tab('My profile'),
    tab('Password'),
    tab('Appearance'),
    tab('API tokens'),
    tab('Calendar feeds'),
    tab('Chat accounts'),
    tab('Danger zone'),
  );

  await expect(page.getByRole('tabpanel').getByText(user.email)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectReachable(page.getByRole('button', { name: 'Edit' }));
  await page.getByRole('button', { name: 'Edit' }).click();
  await expectNoSidewaysScroll(page);
  await expectReachable(
    page.getByLabel('Full name'),
    page.getByLabel('Email'),
    page.getByRole('button', { name: 'Save' }),
    page.getByRole('button', { name: 'Cancel' }),
  );

  await tab('Password').click();
  await expect(page.getByLabel('Current password')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectReachable(
    page.getByLabel('Current password'),
    page.getByLabel('New password'),
    page.getByRole('meter', { name: 'Password strength' }),
    page.getByLabel('Confirm password'),
    page.getByRole('button', { name: 'Save' }),
  );

  await tab('Appearance').click();
  await expect(page.getByRole('radio', { name: 'System' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectReachable(
    page.getByRole('radio', { name: 'System' }),
    page.getByRole('radio', { name: 'Light Mode' }),
    page.getByRole('radio', { name: 'Dark Mode' }),
  );

  await tab('Danger zone').click();
  await expect(page.getByRole('button', { name: 'Delete account' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectReachable(page.getByRole('button', { name: 'Delete account' }));
});

test('/admin and its Add User dialog fit 360 px', async ({ page, api }) => {
  const admin = await api.admin();
  await signIn(page, admin, '/admin');
  await expect(page.getByRole('heading', { name: 'Users Management' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Actions for ${admin.email}` })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectReachable(
    page.getByRole('button', { name: 'Add User' }),
    page.getByRole('button', { name: `Actions for ${admin.email}` }),
    page.getByRole('switch', { name: 'Require signed links' }),
  );

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(dialog).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectReachable(
    dialog.getByRole('button', { name: 'Close' }),
    dialog.getByRole('textbox', { name: 'Email' }),
    dialog.getByRole('textbox', { name: 'Full name' }),
    dialog.getByRole('textbox', { name: 'Password', exact: true }),
    dialog.getByRole('meter', { name: 'Password strength' }),
    dialog.getByRole('textbox', { name: 'Confirm password' }),
    ...checkboxParts(dialog, 'Is superuser?'),
    ...checkboxParts(dialog, 'Is active?'),
    dialog.getByRole('button', { name: 'Save' }),
    dialog.getByRole('button', { name: 'Cancel' }),
  );
});
