import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTS, createAlert } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { chatNotificationsOf, createChatChannel, queueDoneWith } from '../helpers/chatChannels.js';
import { eventually } from '../helpers/eventually.js';
import { HookReceiver } from '../helpers/hookReceiver.js';
import { teamOf } from '../helpers/teams.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * Team chat channels that post through an incoming webhook (Mattermost, Rocket.Chat, a Teams
 * Workflows webhook), each against a local server answering as that product does: a new alert of
 * the team is posted once with its buttons and its text escaped, a change made elsewhere is a
 * follow-up (their posts cannot be edited), and an outage is retried, recorded and survived.
 */
let t: TestApp;
let mattermost: HookReceiver;
let rocketchat: HookReceiver;
let teams: HookReceiver;

/** A title full of markup and a mention: it must reach the chat as text. */
const TRICKY = 'Disk *full* on [db-1] @all';

beforeAll(async () => {
  t = await createTestApp();
  mattermost = await new HookReceiver().start();
  rocketchat = await new HookReceiver().start();
  rocketchat.answer = { status: 200, contentType: 'application/json', body: '{"success":true}' };
  teams = await new HookReceiver().start();
  teams.answer = { status: 202, contentType: 'text/plain', body: '' };
});
afterAll(async () => {
  await t?.close();
  for (const r of [mattermost, rocketchat, teams]) await r?.stop();
});

async function userWithChannel(kind: 'mattermost' | 'rocketchat' | 'msteams', receiver: HookReceiver, path: string) {
  const user = await t.createUser({ full_name: 'Ann Example' });
  const teamId = await teamOf(t, user);
  await t.db.updateTable('teams').set({ name: 'Ops' }).where('id', '=', teamId).execute();
  const channel = await createChatChannel(t, teamId, {
    kind,
    target: receiver.url(path),
    secret: kind === 'mattermost' ? undefined : null,
  });
  return { user, channel };
}

describe('Mattermost', () => {
  it('posts a new alert with Acknowledge, Escalate and Close buttons that call back with the channel secret, escaped', async () => {
    const { user, channel } = await userWithChannel('mattermost', mattermost, '/hooks/mm-post');
    const alert = await createAlert(t, user, { title: TRICKY, severity: 'critical', description: 'Only _5%_ left' });
    const hook = await mattermost.waitFor((h) => h.path === '/hooks/mm-post' && h.body.includes(alert.id));
    const message = JSON.parse(hook.body);
    expect(message.text).toBe('New alert for Ops');
    const [attachment] = message.attachments;
    expect(attachment).toMatchObject({
      title: '\\[CRITICAL\\] Disk \\*full\\* on \\[db-1\\] @\u200ball',
      title_link: `http://console.test/alerts/${alert.id}`,
      text: 'Only \\_5%\\_ left',
      color: '#d32f2f',
    });
    expect(attachment.fields).toContainEqual({ short: true, title: 'State', value: 'Open' });
    expect(attachment.actions.map((a: { name: string }) => a.name)).toEqual(['Acknowledge', 'Escalate', 'Close']);
    for (const action of attachment.actions) {
      expect(action.integration).toEqual({
        url: 'http://console.test/api/v1/chat/mattermost/actions',
        context: { alert_id: alert.id, action: action.id, channel_id: channel.id, secret: channel.secret },
      });
    }
    const [post] = await eventually(
      () => chatNotificationsOf(t, alert.id, channel.id),
      (rows) => rows[0]?.status === 'sent',
      'the post sent',
    );
    expect(post).toMatchObject({ kind: 'new_alert', attempts: 1, last_error: null });
  });

  it('follows a change made in the console with a short message', async () => {
    const { user, channel } = await userWithChannel('mattermost', mattermost, '/hooks/mm-follow');
    const alert = await createAlert(t, user, { title: 'Replica lag' });
    await eventually(
      () => chatNotificationsOf(t, alert.id, channel.id),
      (rows) => rows[0]?.status === 'sent',
      'posted',
    );
    answered(await callAs(t, user, 'POST', `${ALERTS}/acknowledge/${alert.id}`));
    const followUp = await mattermost.waitFor((h) => h.path === '/hooks/mm-follow' && h.body.includes('Acknowledged'));
    expect(JSON.parse(followUp.body)).toEqual({
      text: `Acknowledged by Ann Example (console): [\\[WARNING\\] Replica lag](http://console.test/alerts/${alert.id})`,
    });
  });
});

describe('Rocket.Chat', () => {
  it("survives the server's outage, records each attempt and posts exactly once, its button opening the signed action page", async () => {
    const { user, channel } = await userWithChannel('rocketchat', rocketchat, '/hooks/rc');
    rocketchat.mode = 'error';
    const alert = await createAlert(t, user, { title: TRICKY, severity: 'high' });
    const postRow = async () => (await chatNotificationsOf(t, alert.id, channel.id))[0];
    const failing = await eventually(postRow, (n) => (n?.attempts ?? 0) >= 1, 'a failed attempt');
    expect(failing).toMatchObject({
      status: 'pending',
      last_error: `HTTP 500 from 127.0.0.1:${rocketchat.port}: receiver down for maintenance`,
    });
    rocketchat.mode = 'ok';
    const sent = await eventually(postRow, (n) => n?.status === 'sent', 'sent after the outage');
    expect(sent?.last_error).toBeNull();
    await queueDoneWith(t, sent?.id ?? '');
    const posts = rocketchat.accepted.filter((h) => h.body.includes(alert.id));
    expect(posts).toHaveLength(1);
    expect(rocketchat.attempts.filter((h) => h.body.includes(alert.id)).length).toBeLessThanOrEqual(sent?.attempts ?? 0);
    const message = JSON.parse(posts[0]?.body ?? '{}');
    expect(message.text).toBe('New alert for Ops: \\[HIGH\\] Disk \\*full\\* on \\[db-1\\] @\u200ball');
    const [attachment] = message.attachments;
    expect(attachment.actions).toEqual([
      {
        type: 'button',
        text: 'Acknowledge, escalate or close',
        url: expect.stringMatching(new RegExp(`^http://console.test/actions/${alert.id}\\?t=`)),
        msg_in_chat_window: false,
      },
      { type: 'button', text: 'Open in Vigil', url: `http://console.test/alerts/${alert.id}`, msg_in_chat_window: false },
    ]);
  });
});

describe('Microsoft Teams (Workflows)', () => {
  it('posts an Adaptive Card, answered 202, and a closing card follows a close', async () => {
    const { user, channel } = await userWithChannel('msteams', teams, '/workflows/abc');
    const alert = await createAlert(t, user, { title: TRICKY, severity: 'critical' });
    const hook = await teams.waitFor((h) => h.path === '/workflows/abc' && h.body.includes(alert.id));
    const message = JSON.parse(hook.body);
    expect(message.type).toBe('message');
    const [attachment] = message.attachments;
    expect(attachment.contentType).toBe('application/vnd.microsoft.card.adaptive');
    const card = attachment.content;
    expect(card).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    expect(card.body[0]).toMatchObject({
      type: 'TextBlock',
      text: '\\[CRITICAL\\] Disk \\*full\\* on \\[db-1\\] @\u200ball',
      color: 'attention',
    });
    expect(card.body.find((b: { type: string }) => b.type === 'FactSet').facts).toContainEqual({ title: 'Team', value: 'Ops' });
    expect(card.actions.map((a: { type: string; title: string }) => [a.type, a.title])).toEqual([
      ['Action.OpenUrl', 'Acknowledge, escalate or close'],
      ['Action.OpenUrl', 'Open in Vigil'],
    ]);
    expect(card.actions[0].url).toMatch(new RegExp(`^http://console.test/actions/${alert.id}\\?t=`));
    await eventually(
      () => chatNotificationsOf(t, alert.id, channel.id),
      (rows) => rows[0]?.status === 'sent',
      'posted',
    );

    answered(await callAs(t, user, 'POST', `${ALERTS}/close/${alert.id}`));
    const closing = await teams.waitFor((h) => h.path === '/workflows/abc' && h.body.includes('Closed by'));
    const closed = JSON.parse(closing.body).attachments[0].content;
    expect(closed.body[0].text).toBe('Closed by Ann Example (console): \\[CRITICAL\\] Disk \\*full\\* on \\[db-1\\] @\u200ball');
    const rows = await eventually(
      () => chatNotificationsOf(t, alert.id, channel.id),
      (r) => r.every((n) => n.status === 'sent'),
      'all sent',
    );
    expect(rows.map((r) => r.kind)).toEqual(['new_alert', 'chat_update']);
  });

  it('refuses a target that is not an http(s) URL, or that names a private host', () => {
    // The check the team chat-channel routes call (chat/provider.ts's checkTarget).
    return import('../../src/chat/msteams/msteamsProvider.js').then(({ msteamsChatProvider }) => {
      expect(() => msteamsChatProvider.checkTarget('ftp://example.com/hook', { allowPrivateNetworks: false })).toThrow();
      expect(() => msteamsChatProvider.checkTarget('https://user:pw@example.com/hook', { allowPrivateNetworks: false })).toThrow();
      expect(() => msteamsChatProvider.checkTarget('http://10.0.0.5/hook', { allowPrivateNetworks: false })).toThrow();
      expect(
        msteamsChatProvider.checkTarget(' https://prod.westeurope.logic.azure.com/workflows/x ', { allowPrivateNetworks: false }),
      ).toBe('https://prod.westeurope.logic.azure.com/workflows/x');
    });
  });
});
