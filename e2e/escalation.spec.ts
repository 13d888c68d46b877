import type { Page } from '@playwright/test';
import { ADMIN, expect, signIn, test } from './fixtures';

// In the console: an integration's escalation policy, shown in its details and edited under On
// call through the link there, and the emails an alert caused (sent through the queue; the e2e
// server has no SMTP, so its mailer logs them).

const integrationRow = (page: Page, title: string) =>
  page
    .getByRole('table', { name: 'Integrations' })
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: title, exact: true }) });

test('an integration shows its policy and links to it, where its levels are edited with their rules, saved, and kept', async ({
  page,
  api,
  request,
}) => {
  const user = await api.createUser();
  const integration = await api.createIntegration(user.token, { title: 'Prometheus escalation' });
  const name = `Prometheus pager ${Date.now()}`;
  const policy = await api.givePolicy(user.token, integration.id, {
    name,
    max_level: 2,
    levels: [{ delay_minutes: 10, targets: { emails: ['oncall@example.com'] } }],
  });
  await signIn(page, user, '/integrations');
  await integrationRow(page, 'Prometheus escalation').getByRole('button', { name: 'Prometheus escalation', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Integration details' });
  const inUse = details.getByRole('region', { name: 'Escalation policy in use' });
  await expect(details.getByRole('combobox', { name: 'Escalation policy', exact: true })).toHaveText(name);
  await expect(inUse).toContainText(name);
  await expect(inUse).toContainText('1 level · 10 min · No repeat · the timer stops at level 2');

  // The link opens the policy under On call: its row marked, its editor open for its owner.
  await inUse.getByRole('link', { name: 'Open this policy in On call' }).click();
  await expect(page).toHaveURL(`/oncall/policies/${policy.id}`);
  await expect(page.getByTestId('policy-row').filter({ hasText: name })).toHaveAttribute('aria-current', 'true');
  const edit = page.getByRole('dialog', { name: 'Edit Escalation Policy' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  const upTo = edit.getByRole('textbox', { name: 'Up to level' });
  await expect(upTo).toHaveValue('2');
  const save = edit.getByRole('button', { name: 'Save' });

  // Each rule is said at its field, and nothing is saved.
  await upTo.fill('0');
  await edit.getByRole('spinbutton', { name: 'Level 1 escalate after (minutes)' }).fill('0');
  await save.click();
  await expect(edit.getByText('A whole number from 1 to 110, or nothing', { exact: true })).toBeVisible();
  await expect(edit.getByText('A whole number of minutes from 1 to 10080', { exact: true })).toBeVisible();
  await upTo.fill('3');
  await edit.getByRole('spinbutton', { name: 'Level 1 escalate after (minutes)' }).fill('10');
  await edit.getByRole('button', { name: 'Add level' }).click();
  await edit.getByRole('textbox', { name: 'Level 2 email addresses' }).fill('CTO@Example.com, nope');
  await edit.getByRole('button', { name: 'Add level' }).click();
  await edit.getByRole('button', { name: 'Remove level 3' }).click();
  await expect(edit.getByRole('group', { name: 'Level 3' })).toHaveCount(0);
  await save.click();
  // The API's 422 at its field: the level's addresses.
  await expect(edit.getByText('value is not a valid email address', { exact: true })).toBeVisible();
  const auth = { authorization: `Bearer ${user.token}` };
  const stored = async () => (await request.get(`/api/v1/escalation-policies/${policy.id}`, { headers: auth })).json();
  expect((await stored()).max_level).toBe(2);

  await edit.getByRole('textbox', { name: 'Level 2 email addresses' }).fill('CTO@Example.com');
  await save.click();
  await expect(page.getByText('The escalation policy was updated successfully', { exact: true })).toBeVisible();
  expect(await stored()).toMatchObject({
    max_level: 3,
    levels: [
      { delay_minutes: 10, targets: { emails: ['oncall@example.com'] } },
      { delay_minutes: 15, targets: { emails: ['cto@example.com'] } },
    ],
  });

  // Closed, it stays closed; back in the integration, its summary says what was saved.
  await expect(edit).toHaveCount(0);
  await page.goto(`/integrations?integration=${integration.id}`);
  await expect(inUse).toContainText('2 levels · 10 min → 15 min · No repeat · the timer stops at level 3');
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
  await expect(escalation).not.toContainText(ADMIN.email);
  await expect(escalation).toContainText('Sent');
  await expect(dialog.getByRole('table', { name: 'Alert notifications' })).not.toContainText(ADMIN.email);
  await expect(dialog.getByRole('table', { name: 'Alert history' })).toContainText('Escalated (Open → Escalated)');
});

test('the public action page says who is notified next', async ({ page, api }) => {
  const user = await api.createUser();
  const alert = await api.createAlert(user.token, { title: 'Disk full on db-2' });
  await page.goto(`/actions/${alert.id}`);
  // Added by hand, no escalation policy: only a person escalates it, to every active superuser,
  // named (the first one is "Administrator") but never by address: anyone with the link reads it.
  const next = page.getByText('If someone escalates it again, level 1:', { exact: false });
  await expect(next).toBeVisible();
  await expect(next).toContainText('Administrator');
  await expect(next).not.toContainText(ADMIN.email);
});
