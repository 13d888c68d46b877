import type { Page } from '@playwright/test';
import { ADMIN, expect, signIn, test } from './fixtures';

// Issue 5 items 3 and 4 in the console: an integration's escalation policy, and the emails an
// alert caused (sent through the queue; the e2e server has no SMTP, so its mailer logs them).

const integrationRow = (page: Page, title: string) =>
  page
    .getByRole('table', { name: 'Integrations' })
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: title, exact: true }) });

test('an integration’s escalation policy is edited with its rules, saved, and kept', async ({ page, api, request }) => {
  const user = await api.createUser();
  const integration = await api.createIntegration(user.token, { title: 'Prometheus escalation' });
  await signIn(page, user, '/integrations');
  await integrationRow(page, 'Prometheus escalation').getByRole('button', { name: 'Prometheus escalation', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Integration details' });
  const form = details.getByRole('form', { name: 'Escalation policy' });
  const save = form.getByRole('button', { name: 'Save policy' });
  await expect(form.getByText('without contacts, every active superuser', { exact: false })).toBeVisible();
  await expect(save).toBeDisabled();

  await form.getByRole('switch', { name: 'Escalate automatically when nobody acknowledges an alert' }).check();
  const minutes = form.getByRole('textbox', { name: 'After (minutes)' });
  await minutes.fill('0');
  await expect(form.getByText('Enter a whole number of minutes from 1 to 10080')).toBeVisible();
  await expect(save).toBeDisabled();
  await minutes.fill('10');
  await form.getByRole('textbox', { name: 'Up to level' }).fill('2');

  await form.getByRole('button', { name: 'Add level' }).click();
  const level1 = form.getByRole('textbox', { name: 'Level 1 contacts' });
  await expect(form.getByText('Add at least one address, or remove the level')).toBeVisible();
  await level1.fill('oncall@example.com, nope');
  await expect(form.getByText('Not an email address: nope')).toBeVisible();
  await expect(save).toBeDisabled();
  await level1.fill('OnCall@example.com, lead@example.com');
  await form.getByRole('button', { name: 'Add level' }).click();
  await form.getByRole('textbox', { name: 'Level 2 contacts' }).fill('cto@example.com');
  await form.getByRole('button', { name: 'Add level' }).click();
  await form.getByRole('button', { name: 'Remove level 3' }).click();
  await expect(form.getByRole('textbox', { name: 'Level 3 contacts' })).toHaveCount(0);

  await save.click();
  await expect(page.getByText('Escalation policy saved.', { exact: true })).toBeVisible();
  const saved = await (
    await request.get(`/api/v1/integration/${integration.id}`, { headers: { authorization: `Bearer ${user.token}` } })
  ).json();
  expect(saved.escalation_policy).toEqual({
    contacts: [['oncall@example.com', 'lead@example.com'], ['cto@example.com']],
    escalate_after_minutes: 10,
    max_level: 2,
  });

  // Closed and reopened: the saved policy, normalized, and nothing left to save.
  await details.getByRole('button', { name: 'Done' }).click();
  await integrationRow(page, 'Prometheus escalation').getByRole('button', { name: 'Prometheus escalation', exact: true }).click();
  await expect(form.getByRole('textbox', { name: 'Level 1 contacts' })).toHaveValue('oncall@example.com, lead@example.com');
  await expect(form.getByRole('textbox', { name: 'After (minutes)' })).toHaveValue('10');
  await expect(save).toBeDisabled();
});

test('the alert details list the emails it caused and how each went', async ({ page, api, request }) => {
  const user = await api.createUser();
  const alert = await api.createAlert(user.token, { title: 'Queue depth high' });
  await signIn(page, user, `/alerts?alert=${alert.id}`);
  const dialog = page.getByRole('dialog', { name: 'Alert details' });
  const emails = dialog.getByRole('table', { name: 'Alert notifications' }).locator('tbody tr');
  await expect(emails).toHaveCount(1);
  await expect(emails.nth(0)).toContainText('New alert');
  await expect(emails.nth(0)).toContainText(user.email);
  await expect(emails.nth(0)).toContainText('Sent');

  // Escalated from the public link: with no policy (added by hand), every active superuser hears
  // of it, named (their account address is theirs to see).
  expect((await request.post(`/api/v1/alert/escalate/${alert.id}`)).status()).toBe(200);
  const escalation = emails.filter({ hasText: 'Escalation to level 1' }).filter({ hasText: 'the account address of Administrator' });
  await expect(escalation).toHaveCount(1);
  await expect(escalation).toContainText('Sent');
  await expect(dialog.getByRole('table', { name: 'Alert notifications' })).not.toContainText(ADMIN.email);
  await expect(dialog.getByRole('table', { name: 'Alert history' })).toContainText('Escalated (Open → Escalated)');
});

test('the public action page says who is notified next', async ({ page, api }) => {
  const user = await api.createUser();
  const alert = await api.createAlert(user.token, { title: 'Disk full on db-2' });
  await page.goto(`/actions/${alert.id}`);
  // Added by hand, no escalation policy: only a person escalates it, to every active superuser.
  const next = page.getByText('If someone escalates it again, level 1:', { exact: false });
  await expect(next).toBeVisible();
  await expect(next).toContainText(ADMIN.email);
});
