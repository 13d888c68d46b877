import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NOT_RESPONDER } from '../../src/alerts/actFromChannel.js';
import { LINK_TOKEN_INVALID } from '../../src/chat/links/linkService.js';
import { NO_SLACK_MEMBER } from '../../src/chat/slack/slackLinkRoute.js';
import { SLACK_USAGE } from '../../src/chat/slack/slackOnCall.js';
import { SIGNATURE_INVALID, SIGNATURE_STALE } from '../../src/chat/slack/slackSignature.js';
import { EMAIL_QUEUE, jobSchemaOf } from '../../src/notifications/jobQueue.js';
import { ALERTS, createAlert } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { eventually } from '../helpers/eventually.js';
import { FAKE_SLACK_TEAM, FakeSlack, type SlackCall, slackRequest } from '../helpers/fakeSlack.js';
import { notificationsOf } from '../helpers/notifications.js';
import { createRotation, SCHEDULES } from '../helpers/schedules.js';
import { createTeam, TEAMS } from '../helpers/teams.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * The Slack app end to end against a local server speaking Slack's Web API: a new alert is
 * posted with its buttons; a change from the console updates the message in place; a press
 * signed by Slack acts as the member's linked Vigil user, and one not signed (or replayed) is
 * refused and changes nothing; an unlinked member is sent a one-time link that links them once;
 * `/vigil oncall` says who is on call; an outage of Slack is survived and the alert posted once;
 * the bot token is never in an answer, a stored error or a log line.
 */
const SIGNING_SECRET = 'signing-secret-0123456789abcdef';
const CHANNEL = 'C0ALERTS01';
let t: TestApp;
let slack: FakeSlack;
let ann: TestUser;
let observer: TestUser;
let teamId: string;
const logLines: string[] = [];

const interactions = '/api/v1/chat/slack/interactions';
const commands = '/api/v1/chat/slack/commands';

/** A button press as Slack sends it, signed (unless said) at `timestamp`. */
function press(actionId: string, alertId: string, slackUser: string, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify({
    type: 'block_actions',
    user: { id: slackUser, team_id: FAKE_SLACK_TEAM },
    team: { id: FAKE_SLACK_TEAM },
    channel: { id: CHANNEL },
    actions: [{ action_id: actionId, value: alertId, type: 'button' }],
    response_url: 'https://hooks.slack.invalid/actions/1',
  });
  const req = slackRequest(options.secret ?? SIGNING_SECRET, { payload }, options.timestamp);
  return t.app.inject({ method: 'POST', url: interactions, payload: req.payload, headers: req.headers });
}

const postsOf = (alertId: string) =>
  slack
    .of('chat.postMessage')
    .filter(
      (c) =>
        c.args.blocks?.[2]?.elements?.some((e: { value?: string }) => e.value === alertId) ||
        c.args.blocks?.[2]?.elements?.some((e: { url?: string }) => e.url?.endsWith(alertId)),
    );
const buttonsOf = (call: SlackCall | undefined) => (call?.args.blocks?.[2]?.elements ?? []).map((e: { action_id: string }) => e.action_id);
const posted = (alertId: string) => eventually(() => postsOf(alertId)[0], `the alert ${alertId} posted to Slack`);
const stateOf = async (alertId: string) => body(await callAs(t, ann, 'GET', `${ALERTS}/${alertId}`)).state;

async function unfinishedJobs(notificationId: string): Promise<number> {
  const jobs = sql.table(`${await jobSchemaOf(t.db)}.job`);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${jobs}
    WHERE name = ${EMAIL_QUEUE} AND state IN ('created', 'retry', 'active') AND data->'notificationIds' ? ${notificationId}`.execute(t.db);
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp({}, { logStream: { write: (line: string) => void logLines.push(line) } });
  slack = await new FakeSlack().start();
  ann = await t.createUser({ full_name: 'Ann' });
  observer = await t.createUser({ full_name: 'Olga' });
  teamId = (await createTeam(t, ann, 'Payments', [[observer, 'observer']])).id;
  answered(
    await callAs(t, t.superuser, 'PUT', '/api/v1/notification-providers/slack_app', {
      bot_token: slack.token,
      signing_secret: SIGNING_SECRET,
      api_url: slack.apiUrl,
    }),
  );
  answered(await callAs(t, ann, 'POST', `${TEAMS}/${teamId}/chat-channels`, { kind: 'slack_app', label: 'alerts', target: CHANNEL }));
});
afterAll(async () => {
  await t?.close();
  await slack?.stop();
});

describe('the Slack app', () => {
  it('posts a new alert with its buttons, and updates it in place when acknowledged in the console', async () => {
    const alert = await createAlert(t, ann, { team_id: teamId, severity: 'critical', title: 'Disk <full> & hot' });
    const post = await posted(alert.id);
    expect(post.args.channel).toBe(CHANNEL);
    const [section, context, actions] = post.args.blocks;
    expect(section.text.text).toBe(':red_circle: *CRITICAL* Disk &lt;full&gt; &amp; hot');
    expect(section.fields[1].text).toBe('*Team*\nPayments');
    expect(context.elements[0].text).toMatch(/^\*Open\*/);
    expect(buttonsOf(post)).toEqual(['vigil_ack', 'vigil_escalate', 'vigil_close', 'vigil_open']);
    expect(actions.elements[0]).toMatchObject({ action_id: 'vigil_ack', value: alert.id });
    expect(actions.elements[3].url).toBe(`http://console.test/alerts/${alert.id}`);
    // Recorded once Slack answered the post: a moment after the fake saw it.
    const stored = await eventually(
      () => t.db.selectFrom('chat_messages').selectAll().where('alert_id', '=', alert.id).executeTakeFirst(),
      (row) => row !== undefined,
      'the posted message recorded',
    );
    if (!stored) throw new Error('unreachable');
    expect(stored.external_id).toMatch(new RegExp(`^${CHANNEL}:1700000000\\.\\d{6}$`));

    answered(await callAs(t, ann, 'POST', `${ALERTS}/acknowledge/${alert.id}`));
    const update = await slack.waitFor(
      (c) => c.method === 'chat.update' && c.args.blocks?.[2]?.elements?.some((e: { url?: string }) => e.url?.endsWith(alert.id)),
    );
    expect(`${update.args.channel}:${update.args.ts}`).toBe(stored.external_id);
    expect(update.args.blocks[1].elements[0].text).toMatch(/^\*Acknowledged by Ann via the console\*/);
    expect(buttonsOf(update)).toEqual(['vigil_escalate', 'vigil_close', 'vigil_open']);
  });

  it("acts as the presser's linked Vigil user, recorded via slack, and the message shows it", async () => {
    const slackAnn = 'U0ANN00001';
    // No member of the workspace has her email yet: a clear 404, nothing linked.
    const none = await callAs(t, ann, 'POST', '/api/v1/users/me/chat-links/slack');
    expect([none.statusCode, body(none).detail]).toEqual([404, NO_SLACK_MEMBER(ann.email)]);
    expect(answered(await callAs(t, ann, 'GET', '/api/v1/users/me/chat-links')).data).toEqual([]);
    slack.members.set(ann.email.toLowerCase(), { id: slackAnn, team_id: FAKE_SLACK_TEAM });
    const link = answered(await callAs(t, ann, 'POST', '/api/v1/users/me/chat-links/slack'));
    expect(link).toMatchObject({ kind: 'slack_app', workspace: FAKE_SLACK_TEAM, external_user_id: slackAnn });
    expect(answered(await callAs(t, ann, 'GET', '/api/v1/users/me/chat-links')).data).toEqual([link]);

    const alert = await createAlert(t, ann, { team_id: teamId });
    await posted(alert.id);
    const res = await press('vigil_close', alert.id, slackAnn);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stateOf(alert.id)).toBe('closed');
    const events = answered(await callAs(t, ann, 'GET', `${ALERTS}/${alert.id}/events`));
    expect(events.data.at(-1)).toMatchObject({ action: 'close', via: 'slack', actor_id: ann.id });
    const update = await slack.waitFor(
      (c) => c.method === 'chat.update' && c.args.blocks?.[1]?.elements?.[0]?.text?.startsWith('*Closed by Ann via Slack*'),
    );
    expect(buttonsOf(update)).toEqual(['vigil_open']);
  });

  it('refuses a press not signed with the signing secret, or older than 5 minutes, and changes nothing', async () => {
    const alert = await createAlert(t, ann, { team_id: teamId });
    await posted(alert.id);
    const forged = await press('vigil_ack', alert.id, 'U0ANN00001', { secret: 'another-secret-0123456789abcdef' });
    expect([forged.statusCode, body(forged).detail]).toEqual([401, SIGNATURE_INVALID]);
    const replayed = await press('vigil_ack', alert.id, 'U0ANN00001', { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect([replayed.statusCode, body(replayed).detail]).toEqual([401, SIGNATURE_STALE]);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: interactions,
      payload: `payload=${encodeURIComponent(JSON.stringify({ type: 'block_actions' }))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsigned.statusCode).toBe(401);
    // A valid signature over another body does not carry over to this one.
    const good = slackRequest(SIGNING_SECRET, { payload: '{}' });
    const tampered = await t.app.inject({ method: 'POST', url: interactions, payload: `${good.payload}x`, headers: good.headers });
    expect(tampered.statusCode).toBe(401);
    expect(await stateOf(alert.id)).toBe('open');
    const events = answered(await callAs(t, ann, 'GET', `${ALERTS}/${alert.id}/events`));
    expect(events.data.filter((e: { via: string }) => e.via === 'slack')).toEqual([]);
  });

  it('sends an unlinked presser a one-time link, which links them once; an observer may not act', async () => {
    const alert = await createAlert(t, ann, { team_id: teamId });
    await posted(alert.id);
    const slackOlga = 'U0OLGA0001';
    expect((await press('vigil_ack', alert.id, slackOlga)).statusCode).toBe(200);
    expect(await stateOf(alert.id)).toBe('open');
    const whisper = await slack.waitFor((c) => c.method === 'chat.postEphemeral' && c.args.user === slackOlga);
    expect(whisper.args.channel).toBe(CHANNEL);
    const token = /link\/slack\?token=([A-Za-z0-9_-]+)\|/.exec(whisper.args.text)?.[1] ?? '';
    expect(token.length).toBeGreaterThanOrEqual(20);

    answered(await callAs(t, observer, 'POST', '/api/v1/users/me/chat-links/claim', { token }));
    const again = await callAs(t, ann, 'POST', '/api/v1/users/me/chat-links/claim', { token });
    expect([again.statusCode, body(again).detail]).toEqual([400, LINK_TOKEN_INVALID]);
    const links = answered(await callAs(t, observer, 'GET', '/api/v1/users/me/chat-links')).data;
    expect(links).toMatchObject([{ kind: 'slack_app', workspace: FAKE_SLACK_TEAM, external_user_id: slackOlga }]);

    // Linked now, but an observer: refused in words, only to them.
    expect((await press('vigil_ack', alert.id, slackOlga)).statusCode).toBe(200);
    await slack.waitFor((c) => c.method === 'chat.postEphemeral' && c.args.text === `Vigil did not do that: ${CHANNEL_NOT_RESPONDER}.`);
    expect(await stateOf(alert.id)).toBe('open');

    answered(await callAs(t, observer, 'DELETE', `/api/v1/users/me/chat-links/slack_app/${slackOlga}`));
    expect(answered(await callAs(t, observer, 'GET', '/api/v1/users/me/chat-links')).data).toEqual([]);
  });

  it("answers /vigil oncall with who is on call in the channel's teams, and usage otherwise", async () => {
    const schedule = answered(
      await callAs(t, ann, 'POST', `${SCHEDULES}/`, { name: 'Primary', time_zone: 'Europe/Berlin', team_id: teamId }),
    );
    await createRotation(t, ann, schedule.id, {
      name: 'Everyone',
      user_ids: [ann.id],
      shift_unit: 'days',
      shift_count: 1,
      starts_at: '2025-01-01T00:00:00Z',
    });
    const command = (text: string, channel = CHANNEL) => {
      const req = slackRequest(SIGNING_SECRET, {
        command: '/vigil',
        text,
        channel_id: channel,
        user_id: 'U0ANN00001',
        team_id: FAKE_SLACK_TEAM,
      });
      return t.app.inject({ method: 'POST', url: commands, payload: req.payload, headers: req.headers });
    };
    const oncall = answered(await command('oncall'));
    expect(oncall).toEqual({ response_type: 'ephemeral', text: '*On call now in Payments*\n• Primary: Ann' });
    expect(answered(await command('help')).text).toBe(SLACK_USAGE);
    expect(answered(await command('dance')).text).toBe(SLACK_USAGE);
    expect(answered(await command('oncall', 'C0ELSEWHERE')).text).toMatch(/not any Vigil team's Slack channel/);
    const forged = slackRequest('another-secret-0123456789abcdef', { command: '/vigil', text: 'oncall', channel_id: CHANNEL });
    expect((await t.app.inject({ method: 'POST', url: commands, payload: forged.payload, headers: forged.headers })).statusCode).toBe(401);
  });

  it("survives Slack's outage (500, then 429): every attempt recorded, the alert posted once, the token nowhere", async () => {
    slack.mode = 'error';
    const alert = await createAlert(t, ann, { team_id: teamId });
    const chatRow = async () => (await notificationsOf(t, ann, alert.id)).find((n) => n.channel === 'slack_app');
    const failing = await eventually(chatRow, (n) => (n?.attempts ?? 0) >= 1, 'a failed attempt');
    expect(failing).toMatchObject({ status: 'pending', last_error: 'HTTP 500 from Slack', recipient: 'alerts' });
    slack.mode = 'rate_limited';
    const limited = await eventually(
      chatRow,
      (n) => (n?.attempts ?? 0) > (failing?.attempts ?? 0) && /rate-limited/.test(n?.last_error ?? ''),
      'a rate-limited attempt',
    );
    expect(limited?.last_error).toBe('Slack rate-limited the call (retry after 30 s)');
    slack.mode = 'ok';
    const sent = await eventually(chatRow, (n) => n?.status === 'sent', 'posted after the outage');
    expect(sent?.attempts).toBeGreaterThanOrEqual((limited?.attempts ?? 0) + 1);
    await eventually(
      () => unfinishedJobs(sent?.id ?? ''),
      (n) => n === 0,
      'the queue done with it',
    );
    expect(postsOf(alert.id)).toHaveLength(1);

    const errors = await t.db.selectFrom('notifications').select('last_error').where('last_error', 'is not', null).execute();
    for (const row of errors) expect(row.last_error).not.toContain(slack.token);
    expect(logLines.join('\n')).not.toContain(slack.token);
    const providers = await callAs(t, t.superuser, 'GET', '/api/v1/notification-providers/');
    expect(providers.body).not.toContain(slack.token);
  });
});
