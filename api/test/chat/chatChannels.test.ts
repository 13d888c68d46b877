import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CHAT_CHANNELS_PER_TEAM } from '../../src/chat/channelSchema.js';
import { LABEL_TAKEN, TOO_MANY_CHANNELS } from '../../src/chat/channelService.js';
import { INVALID_SLACK_CHANNEL } from '../../src/chat/slack/slackProvider.js';
import { answered, callAs } from '../helpers/api.js';
import { FakeSlack } from '../helpers/fakeSlack.js';
import { createTeam, TEAMS } from '../helpers/teams.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * A team's chat channels through the API: its admins (and superusers) manage them, its other
 * members read them, a stranger meets the 404 of an unknown team; a target is checked by its
 * kind; a kind needing a provider that is not set up is a 409; "send a test" posts through the
 * provider (a local server speaking Slack's Web API) and answers its refusal in words.
 */
let t: TestApp;
let slack: FakeSlack;
let admin: TestUser;
let responder: TestUser;
let observer: TestUser;
let stranger: TestUser;
let teamId: string;

const channels = (team = teamId) => `${TEAMS}/${team}/chat-channels`;
const configureSlack = (token = slack.token) =>
  callAs(t, t.superuser, 'PUT', '/api/v1/notification-providers/slack_app', {
    bot_token: token,
    signing_secret: 'signing-secret-0123456789abcdef',
    api_url: slack.apiUrl,
  });

beforeAll(async () => {
  t = await createTestApp();
  slack = await new FakeSlack().start();
  [admin, responder, observer, stranger] = await Promise.all([t.createUser(), t.createUser(), t.createUser(), t.createUser()]);
  teamId = (
    await createTeam(t, admin, 'Payments', [
      [responder, 'responder'],
      [observer, 'observer'],
    ])
  ).id;
});
afterAll(async () => {
  await t?.close();
  await slack?.stop();
});

describe('team chat channels', () => {
  it('refuses a Slack channel until a superuser sets up the Slack app, then lists it to the team', async () => {
    const before = await callAs(t, admin, 'POST', channels(), { kind: 'slack_app', label: 'alerts', target: 'C0ALERTS01' });
    expect(before.statusCode).toBe(409);
    expect(body(before).detail).toBe('Slack app is not configured');
    const kinds = answered(await callAs(t, observer, 'GET', '/api/v1/chat/kinds'));
    expect(kinds.data).toContainEqual({ kind: 'slack_app', title: 'Slack', has_secret: false, provider: 'slack_app', available: false });

    answered(await configureSlack());
    const created = answered(await callAs(t, admin, 'POST', channels(), { kind: 'slack_app', label: 'alerts', target: ' c0alerts01 ' }));
    expect(created).toMatchObject({
      team_id: teamId,
      kind: 'slack_app',
      label: 'alerts',
      target: 'C0ALERTS01',
      enabled: true,
      has_secret: false,
      secret: null,
    });
    for (const reader of [admin, responder, observer, t.superuser]) {
      const list = answered(await callAs(t, reader, 'GET', channels()));
      expect(list.data.map((c: { id: string }) => c.id)).toContain(created.id);
      expect(list.data[0]).not.toHaveProperty('secret');
    }
    const audit = await t.db.selectFrom('audit_log').selectAll().where('target_id', '=', created.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['chat_channel.created']);
    expect(audit[0]?.team_id).toBe(teamId);
  });

  it('lets only admins and superusers change it; a stranger meets an unknown team', async () => {
    const created = answered(await callAs(t, admin, 'POST', channels(), { kind: 'slack_app', label: 'ops', target: 'C0OPS00001' }));
    const one = `${channels()}/${created.id}`;
    for (const [user, status] of [
      [responder, 403],
      [observer, 403],
      [stranger, 404],
    ] as const) {
      expect((await callAs(t, user, 'POST', channels(), { kind: 'slack_app', label: 'x', target: 'C0X0000001' })).statusCode).toBe(status);
      expect((await callAs(t, user, 'PATCH', one, { enabled: false })).statusCode).toBe(status);
      expect((await callAs(t, user, 'DELETE', one)).statusCode).toBe(status);
      expect((await callAs(t, user, 'POST', `${one}/test`)).statusCode).toBe(status);
    }
    const hidden = await callAs(t, stranger, 'GET', channels());
    expect([hidden.statusCode, body(hidden).detail]).toEqual([404, 'Team not found']);
    expect(answered(await callAs(t, t.superuser, 'PATCH', one, { enabled: false }))).toMatchObject({ enabled: false });
    expect(answered(await callAs(t, admin, 'PATCH', one, { label: 'ops-2', target: 'C0OPS00002' }))).toMatchObject({
      label: 'ops-2',
      target: 'C0OPS00002',
      enabled: false,
    });
    answered(await callAs(t, admin, 'DELETE', one));
    expect((await callAs(t, admin, 'DELETE', one)).statusCode).toBe(404);
  });

  it('refuses a bad target, a label in use and a kind this build does not post to, storing nothing', async () => {
    const count = async () => (await t.db.selectFrom('chat_channels').select('id').where('team_id', '=', teamId).execute()).length;
    const before = await count();
    const bad = await callAs(t, admin, 'POST', channels(), { kind: 'slack_app', label: 'bad', target: '#general' });
    expect(bad.statusCode).toBe(422);
    expect(body(bad).detail[0]).toMatchObject({ loc: ['body', 'target'], msg: `Value error, ${INVALID_SLACK_CHANNEL}` });
    const taken = await callAs(t, admin, 'POST', channels(), { kind: 'slack_app', label: 'alerts', target: 'C0ALERTS02' });
    expect([taken.statusCode, body(taken).detail]).toEqual([409, LABEL_TAKEN]);
    const unknownKind = await callAs(t, admin, 'POST', channels(), { kind: 'irc', label: 'irc', target: '#ops' });
    expect(unknownKind.statusCode).toBe(422);
    expect(await count()).toBe(before);
  });

  it(`caps a team at ${MAX_CHAT_CHANNELS_PER_TEAM} channels`, async () => {
    const team = (await createTeam(t, admin, 'Crowded')).id;
    for (let i = 0; i < MAX_CHAT_CHANNELS_PER_TEAM; i++) {
      answered(await callAs(t, admin, 'POST', channels(team), { kind: 'slack_app', label: `c${i}`, target: 'C0ALERTS01' }));
    }
    const over = await callAs(t, admin, 'POST', channels(team), { kind: 'slack_app', label: 'one-more', target: 'C0ALERTS01' });
    expect([over.statusCode, body(over).detail]).toEqual([409, TOO_MANY_CHANNELS]);
  });

  it("sends a test through Slack, and answers Slack's refusal in words without the token", async () => {
    const ok = answered(await callAs(t, admin, 'POST', channels(), { kind: 'slack_app', label: 'tested', target: 'C0ALERTS01' }));
    const sent = answered(await callAs(t, admin, 'POST', `${channels()}/${ok.id}/test`));
    expect(sent.message).toBe('Test message posted to tested');
    const call = slack.of('chat.postMessage').at(-1);
    expect(call?.args).toMatchObject({ channel: 'C0ALERTS01' });
    expect(call?.args.text).toMatch(/test from Vigil/);
    expect(call?.authorization).toBe(`Bearer ${slack.token}`);

    const missing = answered(await callAs(t, admin, 'POST', channels(), { kind: 'slack_app', label: 'gone', target: 'C0GONE0001' }));
    const refused = await callAs(t, admin, 'POST', `${channels()}/${missing.id}/test`);
    expect([refused.statusCode, body(refused).detail]).toEqual([409, 'The test message was not posted: Slack answered channel_not_found']);

    slack.mode = 'error';
    const down = await callAs(t, admin, 'POST', `${channels()}/${ok.id}/test`);
    expect([down.statusCode, body(down).detail]).toEqual([409, 'The test message was not posted: HTTP 500 from Slack']);
    slack.mode = 'ok';
    await slack.stop();
    const unreachable = await callAs(t, admin, 'POST', `${channels()}/${ok.id}/test`);
    expect(unreachable.statusCode).toBe(409);
    expect(body(unreachable).detail).toMatch(/^The test message was not posted: could not reach Slack: ECONNREFUSED/);
    for (const res of [refused, down, unreachable]) expect(res.body).not.toContain(slack.token);
    await slack.start();
    answered(await configureSlack());
  });
});
