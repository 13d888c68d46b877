import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// The screenshots of docs/oncall/console.md, taken from the real console on seeded data:
//   VIGIL_SCREENSHOTS=1 npx playwright test e2e/oncallScreenshots.spec.ts
// Skipped otherwise (the pictures are documentation, not a check).

test.skip(!process.env.VIGIL_SCREENSHOTS, 'set VIGIL_SCREENSHOTS=1 to refresh docs/images/oncall-*.png');

const IMAGES = path.join(process.cwd(), 'docs/images');
const DAY = 86_400_000;

async function post(request: APIRequestContext, token: string, url: string, data: unknown) {
  const res = await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(IMAGES, `oncall-${name}.png`), fullPage: true });

test('On call screenshots, desktop and phone', async ({ page, api, request }) => {
  test.setTimeout(120_000);
  const ann = await api.createUser({ full_name: 'Ann Lee' });
  const ben = await api.createUser({ full_name: 'Ben Ode' });
  const cai = await api.createUser({ full_name: 'Cai Ruiz' });
  const dee = await api.createUser({ full_name: 'Dee Park' });
  const primary = await post(request, ann.token, '/api/v1/schedules/', {
    name: 'Database primary',
    time_zone: 'Europe/Berlin',
    description: 'The DB team, weekly',
  });
  await post(request, ann.token, `/api/v1/schedules/${primary.id}/rotations`, {
    name: 'Weekly',
    user_ids: [ann.id, ben.id, cai.id],
    shift_unit: 'weeks',
    shift_count: 1,
    handoff_time: '09:00',
    starts_at: '2025-01-06T09:00:00+01:00',
    active_hours: [],
  });
  // The day after tomorrow, 13:00 to 18:00 in Berlin (12:00Z in winter).
  const start = Math.floor(Date.now() / DAY) * DAY + 2 * DAY + 12 * 3_600_000;
  await post(request, ann.token, `/api/v1/schedules/${primary.id}/overrides`, {
    kind: 'replace',
    user_id: dee.id,
    replaces_user_id: ben.id,
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + 5 * 3_600_000).toISOString(),
  });
  const support = await post(request, cai.token, '/api/v1/schedules/', { name: 'Support desk', time_zone: 'America/New_York' });
  await post(request, cai.token, `/api/v1/schedules/${support.id}/rotations`, {
    name: 'Business hours',
    user_ids: [cai.id, dee.id],
    shift_unit: 'days',
    shift_count: 1,
    handoff_time: '08:00',
    starts_at: '2025-01-06T08:00:00-05:00',
    active_hours: [{ days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00' }],
  });

  // An escalation policy: Ann, then whoever is on call for the database; and Ann's own methods and rules.
  await post(request, ann.token, '/api/v1/escalation-policies/', {
    name: 'Database pager',
    description: 'Ann first, then the on-call DBA',
    repeat: 1,
    levels: [
      { delay_minutes: 10, targets: { user_ids: [ann.id] } },
      { delay_minutes: 15, targets: { schedule_ids: [primary.id], emails: ['dba-leads@example.com'] } },
      { delay_minutes: null, targets: { user_ids: [ben.id, cai.id] } },
    ],
  });
  await post(request, cai.token, '/api/v1/escalation-policies/', {
    name: 'Support escalation',
    levels: [{ delay_minutes: 30, targets: { schedule_ids: [support.id] } }],
  });
  const email = await post(request, ann.token, '/api/v1/users/me/contact-methods', {
    kind: 'email',
    label: 'Work email',
    target: ann.email,
  });
  const hook = await post(request, ann.token, '/api/v1/users/me/contact-methods', {
    kind: 'webhook',
    label: 'Team webhook',
    target: 'https://hooks.example.com/vigil',
  });
  await post(request, ann.token, '/api/v1/users/me/contact-methods', {
    kind: 'ntfy',
    label: 'Phone (ntfy)',
    target: 'https://ntfy.sh',
    topic: 'ann-pager',
  });
  const rules = await request.put('/api/v1/users/me/notification-rules', {
    headers: { Authorization: `Bearer ${ann.token}` },
    data: {
      rules: [
        { contact_method_id: email.id, delay_minutes: 0 },
        { contact_method_id: hook.id, delay_minutes: 5 },
      ],
    },
  });
  expect(rules.status(), await rules.text()).toBe(200);

  const main = page.getByRole('main');
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await signIn(page, ann, '/oncall');
    await expect(main.getByRole('row', { name: /Support desk/ })).toContainText(/Cai Ruiz|Dee Park|No one/);
    await expect(main.getByRole('row', { name: /Database primary/ })).toContainText(/Ann Lee|Ben Ode|Cai Ruiz/);
    await shot(page, `schedules-${device}`);
    await main.getByRole('button', { name: 'Database primary', exact: true }).click();
    await expect(main.getByTestId('timeline-bar').first()).toBeVisible();
    await expect(main.getByTestId('timeline-override')).toBeVisible();
    await shot(page, `schedule-${device}`);
    if (device === 'desktop') {
      await main.getByRole('button', { name: 'Add Rotation' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Rotation' })).toBeVisible();
      await page.screenshot({ path: path.join(IMAGES, 'oncall-rotation-dialog.png') });
      await page.getByRole('dialog', { name: 'Add Rotation' }).getByRole('button', { name: 'Cancel' }).click();
    }
    await signIn(page, ann, '/oncall/policies');
    await expect(main.getByTestId('policy-row').filter({ hasText: 'Database pager' })).toContainText('3 levels');
    await shot(page, `policies-${device}`);
    const actions = main.getByRole('button', { name: 'Actions for escalation policy Database pager' });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Edit escalation policy' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Escalation Policy' });
    await expect(edit.getByRole('combobox', { name: 'Level 2 schedules' })).toHaveText('Database primary');
    await page.screenshot({ path: path.join(IMAGES, `oncall-policy-dialog-${device}.png`) });
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/oncall/contact-methods');
    await expect(main.getByTestId('contact-method-row')).toHaveCount(3);
    await expect(main.getByRole('list', { name: 'Rules in words' })).toContainText('Immediately by Work email');
    await shot(page, `contact-methods-${device}`);
    await signIn(page, ben, '/oncall/my-shifts');
    await expect(main.getByRole('table', { name: 'My shifts' })).toBeVisible();
    await shot(page, `my-shifts-${device}`);
  }
});
