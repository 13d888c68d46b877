import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/database.js';
import { closeServer, openStream } from '../helpers/eventStream.js';
import { send } from '../helpers/ingest.js';
import { createIntegration } from '../helpers/integrations.js';
import { emailLevels, givePolicy } from '../helpers/policies.js';
import { teamOf } from '../helpers/teams.js';
import { body, createTestApp, TEST_DB, type TestApp, type TestUser } from '../helpers/testApp.js';

describe('live alert changes (server-sent events)', () => {
  let t: TestApp;
  let url: string;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser();
    stranger = await t.createUser();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await closeServer(t.app);
    await t.close();
  });

  it('refuses a caller without a login', async () => {
    const res = await fetch(`${url}/api/v1/alert/changes`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: 'Could not validate credentials' });
  });

  it('tells an owner when their alert changes, from a public link too, and nobody else', async () => {
    const mine = await openStream(url, owner);
    const theirs = await openStream(url, stranger);
    const admin = await openStream(url, t.superuser);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/alert/', headers: owner.auth, payload: { title: 'Live' } });
    await mine.waitFor(1);
    await admin.waitFor(1);
    // The public action page: no login, and still every console hears of it.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await fetch(`${url}/api/v1/alert/acknowledge/${body(created).id}`, { method: 'POST' })).status).toBe(200);
    await mine.waitFor(2);
    // The stranger heard nothing of either change; its own change does reach it.
    await t.app.inject({ method: 'POST', url: '/api/v1/alert/', headers: stranger.auth, payload: { title: 'Theirs' } });
    await theirs.waitFor(1);
    expect(theirs.events.filter((e) => e === 'alerts-changed')).toHaveLength(1);
    for (const s of [mine, theirs, admin]) s.close();
  });

  it('hears of every kind of change: ingestion, the escalation timer, a deletion', async () => {
    const integration = await createIntegration(t, owner);
    await givePolicy(t, owner, integration.id, { levels: emailLevels([], 1), max_level: 1 });
    const stream = await openStream(url, owner);
    let heard = 0;
    // Each change lands in its own event: the stream folds changes closer than its own window.
    const expectHeard = async () => {
      heard += 1;
      await stream.waitFor(heard);
      await new Promise((resolve) => setTimeout(resolve, 600));
      heard = stream.events.filter((e) => e === 'alerts-changed').length;
    };
    const answer = body(await send(t, integration, { action: 'trigger', title: 'From a sender', dedup_key: 'live' }));
    await expectHeard();
    // Due now by its policy (the timer's clock is moved past the minute).
    await t.db
      .updateTable('alerts')
      .set({ next_escalation_at: new Date(Date.now() - 1000) })
      .where('id', '=', answer.alerts[0].alert_id)
      .execute();
    expect(await t.parts.escalations.tick()).toBe(1);
    await expectHeard();
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/alert/${answer.alerts[0].alert_id}`, headers: owner.auth });
    expect(deleted.statusCode).toBe(200);
    await expectHeard();
    stream.close();
  });

  it('folds a burst of changes into few events', async () => {
    const stream = await openStream(url, owner);
    await sql`INSERT INTO alerts (title, owner_id, team_id) SELECT 'burst ' || i, ${owner.id}, ${await teamOf(t, owner)} FROM generate_series(1, 50) i`.execute(
      t.db,
    );
    for (let i = 0; i < 20; i++) {
      await t.app.inject({ method: 'POST', url: '/api/v1/alert/', headers: owner.auth, payload: { title: `one by one ${i}` } });
    }
    await stream.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const received = stream.events.filter((e) => e === 'alerts-changed').length;
    expect(received).toBeGreaterThanOrEqual(1);
    expect(received).toBeLessThan(10);
    stream.close();
  });

  it.skipIf(TEST_DB !== 'postgres')('reaches consoles on another API replica', async () => {
    const otherDb = await openDatabase({ kind: 'postgres', url: t.databaseUrl ?? '', poolSize: 2 });
    const other = await buildApp({ config: t.config, db: otherDb, logger: false });
    try {
      const stream = await openStream(url, owner);
      // The change is made through the other replica.
      const res = await other.inject({ method: 'POST', url: '/api/v1/alert/', headers: owner.auth, payload: { title: 'Elsewhere' } });
      expect(res.statusCode).toBe(200);
      await stream.waitFor(1);
      stream.close();
    } finally {
      await other.close();
      await otherDb.destroy();
    }
  });

  it('ends open streams when the server closes, so shutdown never waits for them', async () => {
    const own = await createTestApp();
    try {
      const ownUrl = await own.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(ownUrl, own.superuser);
      // Would time out the test if an open stream held the close.
      await own.app.close();
      stream.close();
    } finally {
      await own.close();
    }
  });
});
