import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { call, makeWakeable, startNtfy } from './ntfyStandIn';

// The screenshots of docs/oncall/console.md for Send a test, SMS and voice methods, who can be
// woken and the notification providers, from the real console on seeded data:
//   VIGIL_SCREENSHOTS=1 npx playwright test e2e/phoneChannelsScreenshots.spec.ts
// Skipped otherwise (the pictures are documentation, not a check).

test.skip(!process.env.VIGIL_SCREENSHOTS, 'set VIGIL_SCREENSHOTS=1 to refresh these docs/images pictures');

const IMAGES = path.join(process.cwd(), 'docs/images');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(IMAGES, `${name}.png`), fullPage: true });

test('Send a test, SMS methods, who can be woken and the providers, desktop', async ({ page, api, request }) => {
  test.setTimeout(120_000);
  const ntfy = await startNtfy();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    const main = page.getByRole('main');
    const ann = await api.createUser({ full_name: 'Ann Lee' });
    const ben = await api.createUser({ full_name: 'Ben Ode' });
    const phone = await makeWakeable(request, ann, ntfy);
    await call(request, 'post', ann.token, `/api/v1/users/me/contact-methods/${phone}/test`);
    await call(request, 'post', ann.token, '/api/v1/users/me/contact-methods', { kind: 'email', label: 'Work email', target: ann.email });

    await signIn(page, ann, '/oncall/contact-methods');
    await expect(main.getByTestId('contact-method-row').filter({ hasText: 'Phone' })).toContainText('Test sent', { timeout: 20_000 });
    await shot(page, 'oncall-contact-methods-test-desktop');
    await main.getByRole('button', { name: 'Add Contact Method' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add Contact Method' });
    await add.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'SMS' }).click();
    await add.getByLabel('Label').fill('Mobile');
    await add.getByLabel('Phone number').fill('415 555 0100');
    await add.getByLabel('Label').click();
    await expect(add.getByText(/^Enter the number in international format/)).toBeVisible();
    await page.screenshot({ path: path.join(IMAGES, 'oncall-contact-method-sms-dialog.png') });
    await add.getByRole('button', { name: 'Cancel' }).click();

    const schedule = await call(request, 'post', ann.token, '/api/v1/schedules/', { name: 'Night watch', time_zone: 'Europe/Berlin' });
    await call(request, 'post', (await api.admin()).token, `/api/v1/teams/${schedule.team_id}/members`, {
      user_id: ben.id,
      role: 'responder',
    });
    await call(request, 'post', ann.token, `/api/v1/schedules/${schedule.id}/rotations`, {
      name: 'Weekly',
      user_ids: [ann.id, ben.id],
      shift_unit: 'weeks',
      shift_count: 1,
      handoff_time: '09:00',
      starts_at: '2025-01-06T09:00:00+01:00',
    });
    await signIn(page, ben, `/oncall/schedules/${schedule.id}`);
    await expect(main.getByTestId('reachability-warning')).toContainText('Ben Ode');
    await shot(page, 'oncall-reachability-warning-desktop');

    const admin = await api.admin();
    await call(request, 'put', admin.token, '/api/v1/notification-providers/twilio', {
      account_sid: `AC${'0123456789abcdef'.repeat(2)}`,
      auth_token: 'screenshot-auth-token-9f3a',
      from_number: '+14155550100',
    });
    await signIn(page, admin, '/admin/providers');
    await expect(main.getByRole('group', { name: 'Twilio' })).toContainText('…9f3a stored; leave blank to keep');
    await shot(page, 'admin-providers-desktop');
  } finally {
    await ntfy.close();
  }
});
