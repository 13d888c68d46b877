import { FakeSlack } from '../api/test/helpers/fakeSlack';
import { expect, signIn, test } from './fixtures';
import { pickOption } from './pickOption';

// A team's chat channels (docs/oncall/channels/slack.md): the superuser points the Slack app at a
// local server speaking Slack's Web API (started here), a team admin adds a Slack channel on the
// team's page and sends a test, which that server receives; an observer sees the channel, read-only.
// Against the real API: every step is what the console sent and the API answered.

let slack: FakeSlack;
test.beforeAll(async () => {
  slack = await new FakeSlack().start();
});
test.afterAll(async () => {
  await slack?.stop();
});

test('a team admin adds a Slack channel and sends a test; an observer sees it read-only', async ({ page, api, request }) => {
  const admin = await api.admin();
  const superuser = { authorization: `Bearer ${admin.token}` };
  const configured = await request.put('/api/v1/notification-providers/slack_app', {
    headers: superuser,
    data: { bot_token: slack.token, signing_secret: 'e2e-signing-secret-0123456789', api_url: slack.apiUrl },
  });
  expect(configured.status(), await configured.text()).toBe(200);
  try {
    const ann = await api.createUser({ full_name: 'Ann Chat' });
    const olga = await api.createUser({ full_name: 'Olga Observer' });
    const created = await request.post('/api/v1/teams/', {
      headers: { authorization: `Bearer ${ann.token}` },
      data: { name: `Chat ${Date.now()}` },
    });
    expect(created.status(), await created.text()).toBe(200);
    const teamId = ((await created.json()) as { id: string }).id;
    const added = await request.post(`/api/v1/teams/${teamId}/members`, {
      headers: superuser,
      data: { user_id: olga.id, role: 'observer' },
    });
    expect(added.status(), await added.text()).toBe(200);

    await signIn(page, ann, `/teams/${teamId}`);
    const section = page.getByRole('region', { name: 'Chat channels' });
    await expect(section.getByText('No chat channels: alerts of this team are not posted to any chat.')).toBeVisible();
    await section.getByRole('button', { name: 'Add chat channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add chat channel' });
    const kind = dialog.getByRole('combobox', { name: /Kind/ });
    await pickOption(kind, page.getByRole('option', { name: 'Slack' }), () => expect(kind).toHaveText('Slack'));
    await dialog.getByLabel('Label').fill('#payments-alerts');
    await dialog.getByLabel('Target').fill('C0ALERTS01');
    await dialog.getByRole('button', { name: 'Add' }).click();
    const row = section.getByRole('row').filter({ has: page.getByText('#payments-alerts', { exact: true }) });
    await expect(row).toContainText('C0ALERTS01');
    await expect(row).toContainText('Enabled');

    await page.getByRole('button', { name: 'Actions for the chat channel #payments-alerts' }).click();
    await page.getByRole('menuitem', { name: 'Send a test' }).click();
    await expect(page.getByText('Test message posted to #payments-alerts', { exact: true })).toBeVisible();
    const posts = slack.of('chat.postMessage');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.args.channel).toBe('C0ALERTS01');
    expect(posts[0]?.args.text).toContain('A test from Vigil');

    // Olga, an observer, sees the channel but cannot change it.
    await signIn(page, olga, `/teams/${teamId}`);
    await expect(page.getByRole('region', { name: 'Chat channels' }).getByText('#payments-alerts', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add chat channel' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Actions for the chat channel #payments-alerts' })).toHaveCount(0);
  } finally {
    // The shared server's other tests expect no Slack app.
    await request.delete('/api/v1/notification-providers/slack_app', { headers: superuser });
  }
});
