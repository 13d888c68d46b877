import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, signIn, test } from './fixtures';

// A user's own contact methods through remote-oncall's screens on the real server (nothing
// mocked): a webhook to a receiver this test starts is added, its signing secret shown once, a
// code sent to it (read from the signed body received), verified, and used by a rule. The server
// runs with CONTACT_METHODS_ALLOW_PRIVATE_NETWORKS=true (playwright.config.ts) to reach 127.0.0.1.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP receiver on a free port that keeps every request it is sent. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

test('Contact methods: a webhook is added, its secret shown once, verified with the code it receives, and used by a rule', async ({
  page,
  api,
}) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  try {
    const user = await api.createUser({ full_name: 'Wes Hook' });
    const main = page.getByRole('main');
    await signIn(page, user, '/oncall/contact-methods');
    await expect(main.getByRole('tab', { name: 'Contact methods' })).toHaveAttribute('aria-selected', 'true');
    await expect(main.getByText("You don't have any contact methods yet")).toBeVisible();

    await main.getByRole('button', { name: 'Add Contact Method' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add Contact Method' });
    await expect(add.getByRole('combobox', { name: 'Kind' })).toHaveText('Webhook');
    await add.getByLabel('Label').fill('Team hook');
    await add.getByLabel('Webhook URL').fill(receiver.url);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The contact method was added: send it a code to verify it', { exact: true })).toBeVisible();

    // The signing secret, once.
    const secretDialog = page.getByRole('alertdialog', { name: 'Signing secret for Team hook' });
    await expect(
      secretDialog.getByText('Copy this signing secret now: it is not shown again. Regenerate it to get a new one.'),
    ).toBeVisible();
    const secret = await secretDialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{20,}$/);
    await expect(secretDialog.getByRole('button', { name: 'Copy' })).toBeVisible();
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretDialog).toBeHidden();
    const row = main.getByTestId('contact-method-row').filter({ hasText: 'Team hook' });
    await expect(row).toContainText(receiver.url);
    await expect(row).toContainText('Not verified');
    expect(await page.content()).not.toContain(secret);

    // Send a code: the API's words; a second ask for the same target within 5 minutes is refused in its words.
    await row.getByRole('button', { name: 'Actions for contact method Team hook' }).click();
    await page.getByRole('menuitem', { name: 'Verify' }).click();
    const verify = page.getByRole('dialog', { name: 'Verify Team hook' });
    await verify.getByRole('button', { name: 'Send code' }).click();
    await expect(verify.getByRole('status')).toHaveText('A verification code is on its way to Team hook');
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const delivery = receiver.received[0] as Received;
    const payload = JSON.parse(delivery.body) as { code: string; text: string };
    expect(payload.code).toMatch(/^[0-9]{6}$/);
    // The body is signed with the secret shown once.
    const [t, v1] = String(delivery.headers['x-vigil-signature'])
      .split(',')
      .map((part) => part.split('=')[1]);
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex'));

    await verify.getByRole('button', { name: 'Send code' }).click();
    await expect(
      page.getByText('A verification code was sent to this target less than 5 minutes ago: wait before asking for another', {
        exact: true,
      }),
    ).toBeVisible();

    // A wrong code, then the right one.
    const wrong = payload.code === '000000' ? '111111' : '000000';
    await verify.getByLabel('Verification code').fill(wrong);
    await verify.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(verify.getByText('This verification code is not valid', { exact: true })).toBeVisible();
    await verify.getByLabel('Verification code').fill(payload.code);
    await verify.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(page.getByText('The contact method was verified: it now receives alerts', { exact: true })).toBeVisible();
    await expect(row).toContainText('Verified');
    await expect(row).not.toContainText('Not verified');

    // A rule: after 5 minutes by the webhook, saved as the whole list.
    const rules = main.getByRole('region', { name: 'Notification rules' });
    await rules.getByRole('button', { name: 'Add rule' }).click();
    await rules.getByRole('group', { name: 'Rule 1' }).getByLabel('After (minutes)').fill('5');
    await expect(rules.getByRole('list', { name: 'Rules in words' })).toHaveText('After 5 minutes by Team hook');
    await rules.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByText('Your notification rules were saved successfully', { exact: true })).toBeVisible();
    const saved = await (
      await page.request.get('/api/v1/users/me/notification-rules', { headers: { Authorization: `Bearer ${user.token}` } })
    ).json();
    expect(saved.rules).toEqual([expect.objectContaining({ label: 'Team hook', delay_minutes: 5, kind: 'webhook', verified: true })]);
    await page.reload();
    await expect(rules.getByRole('list', { name: 'Rules in words' })).toHaveText('After 5 minutes by Team hook');

    // Deleted, with its rule.
    await row.getByRole('button', { name: 'Actions for contact method Team hook' }).click();
    await page.getByRole('menuitem', { name: 'Delete contact method' }).click();
    await page.getByRole('alertdialog', { name: 'Delete contact method' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The contact method was deleted successfully', { exact: true })).toBeVisible();
    await expect(main.getByText("You don't have any contact methods yet")).toBeVisible();
    await expect(rules.getByRole('list', { name: 'Rules in words' })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
