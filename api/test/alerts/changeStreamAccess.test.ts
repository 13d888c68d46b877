import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlert } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { createApiToken, TOKENS } from '../helpers/apiTokens.js';
import { closeServer, openStream } from '../helpers/eventStream.js';
import { createTestApp, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';
import { updateUser } from '../helpers/users.js';

// Who may go on hearing a live change stream (GET /alert/changes), re-checked at every
// heartbeat, and how many streams a user may hold open.

const MAX_STREAMS = testConfig().changeStreams.maxPerUser;

describe('live change streams: who hears them, and how many', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    // Heartbeats every 100 ms instead of 20 s: each re-reads the stream's user.
    t = await createTestApp({ changeStreams: { ...testConfig().changeStreams, heartbeatMs: 100 } });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await closeServer(t.app);
    await t.close();
  });

  /** A new alert of the user's, its change announced to the streams at once. */
  const announcedAlert = async (user: TestUser) => {
    await createAlert(t, user, { title: 'Live' });
    await t.parts.alertChanges.flushAnnouncements();
  };
  const heardChanges = (stream: { events: string[] }) => stream.events.filter((e) => e === 'alerts-changed').length;

  it("ends a demoted superuser's stream at the next heartbeat, though the token still works", async () => {
    const boss = await t.createUser({ is_superuser: true });
    const other = await t.createUser();
    const stream = await openStream(url, boss);
    await announcedAlert(other);
    // A superuser hears of everyone's alerts.
    await stream.waitFor(1);
    await updateUser(t, boss.id, { is_superuser: false });
    await stream.ended();
    // Not a voided token: the console reconnects and gets a stream for the role it has now.
    const again = await openStream(url, boss);
    again.close();
  });

  it("ends a promoted user's stream too, so the reconnection hears what a superuser hears", async () => {
    const user = await t.createUser();
    const stream = await openStream(url, user);
    await updateUser(t, user.id, { is_superuser: true });
    await stream.ended();
    const again = await openStream(url, user);
    await announcedAlert(await t.createUser());
    await again.waitFor(1);
    again.close();
  });

  it("tells a demoted user's new stream nothing of other users' alerts, and ends it on deactivation", async () => {
    const boss = await t.createUser({ is_superuser: true });
    const other = await t.createUser();
    await updateUser(t, boss.id, { is_superuser: false });
    const demoted = await openStream(url, boss);
    const superuser = await openStream(url, t.superuser);
    await announcedAlert(other);
    // Every stream of this process is told of a change in one go: once the superuser's has
    // heard it, anything the demoted user's stream was to hear of it is written too.
    await superuser.waitFor(1);
    await updateUser(t, boss.id, { is_active: false });
    // Its end comes after everything written to it.
    await demoted.ended();
    expect(heardChanges(demoted)).toBe(0);
    superuser.close();
  });

  it("ends a deleted user's stream", async () => {
    const user = await t.createUser();
    const stream = await openStream(url, user);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/users/${user.id}`, headers: t.superuser.auth });
    expect(res.statusCode, res.body).toBe(200);
    await stream.ended();
  });

  it('ends a stream opened with an API token once that token is revoked, though its holder may go on', async () => {
    const user = await t.createUser();
    const token = await createApiToken(t, user, ['read']);
    const stream = await openStream(url, token.caller);
    const session = await openStream(url, user);
    answered(await callAs(t, user, 'DELETE', `${TOKENS}/${token.id}`));
    await stream.ended();
    await announcedAlert(user);
    await session.waitFor(1);
    session.close();
  });

  it(`refuses a user's stream past ${MAX_STREAMS} open ones with 429, until one of them closes; other users are not affected`, async () => {
    const user = await t.createUser();
    const streams = [];
    for (let i = 0; i < MAX_STREAMS; i++) streams.push(await openStream(url, user));
    const refused = await fetch(`${url}/api/v1/alert/changes`, { headers: user.auth });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toEqual({
      detail: `Too many open change streams: at most ${MAX_STREAMS} per user; close another console tab`,
    });
    const someoneElse = await openStream(url, await t.createUser());

    streams.shift()!.close();
    // The server counts a stream until it sees its connection close.
    const deadline = Date.now() + 5_000;
    while (t.parts.alertChanges.streamsOf(user.id) >= MAX_STREAMS) {
      if (Date.now() > deadline) throw new Error('the closed stream is still counted');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    streams.push(await openStream(url, user));
    for (const stream of [...streams, someoneElse]) stream.close();
  });
});
