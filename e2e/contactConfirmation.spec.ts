import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ADMIN, expect, loginHydrated, signIn, test } from './fixtures';
import { mailLoggingServer } from './mailLoggingServer';

// Escalation contacts confirm their address: an integration's details show each contact of its
// policy with its state and offer the superuser's bypass to superusers only; the confirmation page
// (remote-actions' standalone page) confirms or declines once and says why a link is refused.

const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const toastText = (page: Page, text: string) => page.locator('.fui-Toast').getByText(text, { exact: true });

/** One level, by hand only, emailing `emails`. */
const emailing = (emails: string[]) => [{ delay_minutes: null, targets: { emails } }];

const contactRow = (page: Page, email: string) =>
  page
    .getByRole('table', { name: 'Contacts' })
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: email, exact: true }) });

test('the integration shows whether each contact of its policy confirmed, and only a superuser may mark one confirmed', async ({
  page,
  api,
}) => {
  const owner = await api.createUser();
  const integration = await api.createIntegration(owner.token, { title: 'Contacts to confirm' });
  const [ops, lead] = [address('ops'), address('lead')];
  await api.givePolicy(owner.token, integration.id, { name: 'Contacts to confirm', levels: emailing([ops, lead]) });
  await signIn(page, owner, `/integrations?integration=${integration.id}`);

  for (const email of [ops, lead]) {
    const row = contactRow(page, email);
    await expect(row).toContainText('Not confirmed');
    await expect(row).toContainText('Confirmation email sent');
    await expect(row).toContainText('You can send it again after');
    await expect(row.getByRole('button', { name: `Send the confirmation email to ${email} again` })).toBeDisabled();
  }
  await expect(page.getByRole('button', { name: /^Mark .* confirmed$/ })).toHaveCount(0);

  const admin = await api.admin();
  await signIn(page, admin, `/integrations?integration=${integration.id}`);
  await contactRow(page, lead)
    .getByRole('button', { name: `Mark ${lead} confirmed` })
    .click();
  await expect(toastText(page, `${lead} is confirmed.`)).toBeVisible();
  await expect(contactRow(page, lead)).toContainText('Confirmed by an administrator');
  await expect(contactRow(page, lead).getByRole('button')).toHaveCount(0);
  await expect(contactRow(page, ops)).toContainText('Not confirmed');
});

// The confirmation link exists only in its email. The shared test server discards its log, so
// these tests run their own server (same build, fresh database) that logs each email and its
// links instead of sending it (no SMTP_HOST), and read the link there.
test.describe('the confirmation page', () => {
  // One worker for these tests, one after the other: each worker they spread over would start a
  // server of its own (six CPU-seconds each).
  test.describe.configure({ mode: 'default' });
  const mail = mailLoggingServer('contacts');

  const call = async (method: string, url: string, token?: string, body?: unknown) => {
    const res = await fetch(`${mail.base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return res.json();
  };

  /** An owner on this server whose integration's policy names `contacts` (each emailed its confirmation). */
  async function ownerNaming(contacts: string[]) {
    const adminToken = await login(ADMIN.email, ADMIN.password);
    const email = address('owner');
    await call('POST', '/api/v1/users/', adminToken, { email, password: 'owner-password-1', full_name: 'Owner' });
    const token = await login(email, 'owner-password-1');
    const policy = await call('POST', '/api/v1/escalation-policies/', token, { name: 'Page', levels: emailing(contacts) });
    const integration = await call('POST', '/api/v1/integration/', token, { title: 'Page', escalation_policy_id: policy.id });
    return { email, token, integrationId: integration.id as string };
  }

  async function login(username: string, password: string): Promise<string> {
    const res = await fetch(`${mail.base}/api/v1/login/access-token`, {
      method: 'POST',
      body: new URLSearchParams({ username, password }),
    });
    return (await res.json()).access_token;
  }

  /** The confirmation link the server logged for `to`, once it has. */
  async function linkFor(to: string): Promise<string> {
    let link = '';
    await expect(async () => {
      const line = mail.log
        .join('')
        .split('\n')
        .find((l) => l.includes(`"to":"${to}"`) && l.includes('/contacts/confirm?t='));
      link = (JSON.parse(line ?? '{}').email?.links ?? []).find((l: string) => l.includes('/contacts/confirm?t=')) ?? '';
      expect(link).not.toBe('');
    }).toPass({ timeout: 15_000 });
    return link;
  }

  const statusOf = async (owner: { token: string; integrationId: string }, email: string) =>
    (await call('GET', `/api/v1/integration/${owner.integrationId}/contacts`, owner.token)).data.find(
      (c: { email: string }) => c.email === email,
    )?.status;

  test('confirms once, from a press and not from opening it, and then refuses the used link', async ({ page }) => {
    const contact = address('confirm');
    const owner = await ownerNaming([contact]);
    const link = await linkFor(contact);
    expect(new URL(link).origin).toBe(mail.base);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Confirm your address' })).toBeVisible();
    await expect(page.getByText(`${owner.email} named ${contact} as an escalation contact in Vigil.`, { exact: false })).toBeVisible();
    expect(await statusOf(owner, contact)).toBe('unconfirmed');

    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Address confirmed' })).toBeVisible();
    await expect(page.getByText(`${contact} now receives the escalation emails of ${owner.email}’s alerts.`)).toBeVisible();
    expect(await statusOf(owner, contact)).toBe('confirmed');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Confirmation failed' })).toBeVisible();
    await expect(page.getByText('This confirmation link was already used. Ask the person who named you', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  });

  test('declines, and the owner sees it in the integration', async ({ page }) => {
    const contact = address('decline');
    const owner = await ownerNaming([contact]);
    await page.goto(await linkFor(contact));
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('heading', { name: 'Alerts declined' })).toBeVisible();
    await expect(page.getByText(`${contact} receives no alerts from ${owner.email}, who cannot ask again.`)).toBeVisible();

    await page.goto(`${mail.base}/login`);
    await loginHydrated(page);
    await page.evaluate((token) => localStorage.setItem('access_token', token), owner.token);
    await page.goto(`${mail.base}/integrations?integration=${owner.integrationId}`);
    const row = contactRow(page, contact);
    // The first console page this fresh server serves (shell and remote, nothing cached yet).
    await expect(row).toContainText('Declined', { timeout: 30_000 });
    await expect(row.getByRole('button')).toHaveCount(0);
  });

  test('says why a forged link or one without a token is refused', async ({ page }) => {
    await page.goto(`${mail.base}/contacts/confirm?t=forged-token-never-mailed`);
    await expect(page.getByRole('heading', { name: 'Confirmation failed' })).toBeVisible();
    await expect(page.getByText('This confirmation link is not valid. Ask the person who named you', { exact: false })).toBeVisible();
    await page.goto(`${mail.base}/contacts/confirm`);
    await expect(page.getByRole('heading', { name: 'Confirmation failed' })).toBeVisible();
  });
});
