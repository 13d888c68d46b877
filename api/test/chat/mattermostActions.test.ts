import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlert } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { chatNotificationsOf, createChatChannel } from '../helpers/chatChannels.js';
import { eventually } from '../helpers/eventually.js';
import { HookReceiver } from '../helpers/hookReceiver.js';
import { teamOf } from '../helpers/teams.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * Mattermost's button presses, as Mattermost's server sends them (developers.mattermost.com,
 * "Interactive messages"): trusted only with the channel's secret in their context; an unlinked
 * presser is shown a one-time link to claim signed in; a linked one acts as their Vigil user, the
 * history saying via mattermost, and the answer brings the message up to date.
 */
const ACTIONS = '/api/v1/chat/mattermost/actions';
let t: TestApp;
let mattermost: HookReceiver;

beforeAll(async () => {
  t = await createTestApp();
  mattermost = await new HookReceiver().start();
});
afterAll(async () => {
  await t?.close();
  await mattermost?.stop();
});

async function posted() {
  const user = await t.createUser({ full_name: 'Ann Example' });
  const teamId = await teamOf(t, user);
  await t.db.updateTable('teams').set({ name: 'Ops' }).where('id', '=', teamId).execute();
  const channel = await createChatChannel(t, teamId, { kind: 'mattermost', target: mattermost.url(`/hooks/${user.id}`) });
  const alert = await createAlert(t, user, { title: 'Queue stuck', severity: 'high' });
  const hook = await mattermost.waitFor((h) => h.path === `/hooks/${user.id}` && h.body.includes(alert.id));
  const [acknowledge] = JSON.parse(hook.body).attachments[0].actions;
  return { user, channel, alert, context: acknowledge.integration.context as Record<string, string> };
}

/** What Mattermost's server posts when a button is pressed. */
const pressBy = (mattermostUser: string, context: object) =>
  t.app.inject({
    method: 'POST',
    url: ACTIONS,
    payload: {
      user_id: mattermostUser,
      user_name: 'ann',
      channel_id: 'mmchannel00000000000000000',
      channel_name: 'ops',
      team_id: 'mmteam0000000000000000000',
      team_domain: 'acme',
      post_id: 'mmpost0000000000000000000',
      trigger_id: 'trigger',
      type: '',
      data_source: '',
      context,
    },
  });

const stateOf = async (alertId: string) =>
  (await t.db.selectFrom('alerts').select('state').where('id', '=', alertId).executeTakeFirstOrThrow()).state;

describe('Mattermost button presses', () => {
  it('are refused without the channel secret or with a wrong one, and change nothing', async () => {
    const { alert, context } = await posted();
    for (const secret of ['', 'not-the-secret', `${context.secret}x`]) {
      const res = await pressBy('mmuser1', { ...context, secret });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(context.secret);
    }
    const { secret: _, ...withoutSecret } = context;
    expect((await pressBy('mmuser1', withoutSecret)).statusCode).toBe(422);
    expect(await stateOf(alert.id)).toBe('open');
  });

  it('link an unlinked presser once, then act as them via mattermost and answer the updated message', async () => {
    const { user, channel, alert, context } = await posted();
    const first = answered(await pressBy('mmuserann00000000000000000', context));
    expect(first.update).toBeUndefined();
    const link = /(http:\/\/console\.test\/link\/mattermost\?token=\S+)/.exec(first.ephemeral_text)?.[1] ?? '';
    expect(link).not.toBe('');
    expect(await stateOf(alert.id)).toBe('open');

    const token = new URL(link).searchParams.get('token') ?? '';
    const linked = answered(await callAs(t, user, 'POST', '/api/v1/users/me/chat-links/claim', { token }));
    expect(linked).toMatchObject({
      kind: 'mattermost',
      workspace: `127.0.0.1:${mattermost.port}`,
      external_user_id: 'mmuserann00000000000000000',
    });
    // Once only, whoever claims it.
    const other = await t.createUser();
    expect((await callAs(t, other, 'POST', '/api/v1/users/me/chat-links/claim', { token })).statusCode).toBe(400);
    expect((await callAs(t, other, 'POST', '/api/v1/users/me/chat-links/claim', { token: `${token.slice(0, -2)}AA` })).statusCode).toBe(
      400,
    );

    const pressed = answered(await pressBy('mmuserann00000000000000000', context));
    expect(pressed.ephemeral_text).toBe('Acknowledged.');
    expect(pressed.update.message).toBe('New alert for Ops');
    const [attachment] = pressed.update.props.attachments;
    expect(attachment.fields).toContainEqual({ short: true, title: 'State', value: 'Acknowledged by Ann Example (mattermost)' });
    expect(attachment.actions.map((a: { name: string }) => a.name)).toEqual(['Escalate', 'Close']);
    const events = await t.db.selectFrom('alert_events').select(['action', 'actor_id', 'via']).where('alert_id', '=', alert.id).execute();
    expect(events).toEqual([{ action: 'acknowledge', actor_id: user.id, via: 'mattermost' }]);

    // The press already updated its message: the queued update posts no follow-up.
    const rows = await eventually(
      () => chatNotificationsOf(t, alert.id, channel.id),
      (r) => r.length === 2 && r.every((n) => n.status === 'sent'),
      'the update handled',
    );
    expect(rows.map((r) => r.kind)).toEqual(['new_alert', 'chat_update']);
    expect(mattermost.attempts.filter((h) => h.path === `/hooks/${user.id}`)).toHaveLength(1);

    // Pressed again: nothing to do, said so.
    expect(answered(await pressBy('mmuserann00000000000000000', context)).ephemeral_text).toBe('Nothing to do: the alert is already so.');
  });

  it("answer a linked presser who is not a responder of the alert's team with the refusal", async () => {
    const { alert, context } = await posted();
    const stranger = await t.createUser();
    await t.db
      .insertInto('chat_user_links')
      .values({ kind: 'mattermost', workspace: `127.0.0.1:${mattermost.port}`, external_user_id: 'mmstranger', user_id: stranger.id })
      .execute();
    const res = answered(await pressBy('mmstranger', { ...context, action: 'close' }));
    expect(res.ephemeral_text).toBe("You are not a responder in this alert's team");
    expect(await stateOf(alert.id)).toBe('open');
  });
});
