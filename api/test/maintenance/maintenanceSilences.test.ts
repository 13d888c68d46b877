import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaintenanceSweep } from '../../src/maintenance/sweep.js';
import { ALERTS } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { createChatChannel } from '../helpers/chatChannels.js';
import { createMonitor } from '../helpers/heartbeats.js';
import { send } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { emailLevels, givePolicy } from '../helpers/policies.js';
import { teamOf } from '../helpers/teams.js';
import { createTestApp, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

/**
 * What a maintenance window does to alerts (docs/oncall/maintenance.md), on a clock the tests
 * move: a matching trigger is stored silenced (no email, no chat post, no timer), a resolve
 * closes it all the same, and the window's end pages once for what is still open, whichever
 * of two sweepers gets there. Ending, deleting or changing a window ends its silences.
 */
const WINDOWS = '/api/v1/maintenance-windows';
const MINUTE = 60_000;

let t: TestApp;
const clock = new TestClock();
let owner: TestUser;
let integration: TestIntegration;
let channelId: string;

const iso = (offsetMinutes: number) => new Date(clock.now().getTime() + offsetMinutes * MINUTE).toISOString();
const sweep = () => t.parts.maintenance.tick();

async function oneOff(fields: object = {}, to: { integration_id?: string | null } = { integration_id: integration.id }) {
  return answered(
    await callAs(t, owner, 'POST', `${WINDOWS}/`, {
      name: 'DB upgrade',
      kind: 'one_off',
      starts_at: iso(-1),
      ends_at: iso(60),
      ...to,
      ...fields,
    }),
  );
}

async function trigger(target: TestIntegration, labels: Record<string, string> = {}) {
  const title = `Disk full ${randomUUID().slice(0, 8)}`;
  const answer = answered(await send(t, target, { action: 'trigger', title, dedup_key: title, labels }), 202);
  return { id: answer.alerts[0].alert_id as string, title };
}

const readAlert = async (id: string) => answered(await callAs(t, owner, 'GET', `${ALERTS}/${id}`));
const notes = (alertId: string) =>
  t.db
    .selectFrom('notifications')
    .select(['kind', 'recipient', 'chat_channel_id'])
    .where('alert_id', '=', alertId)
    .orderBy('recipient')
    .execute();

beforeAll(async () => {
  // The app's own passes are slowed right down: these tests sweep by hand.
  t = await createTestApp({ notifications: { ...testConfig().notifications, escalationCheckMs: 3_600_000 } }, { now: clock.now });
  owner = await t.createUser();
  integration = await createIntegration(t, owner);
  await givePolicy(t, owner, integration.id, { levels: emailLevels([['oncall@example.com']], 5), first_level_after_minutes: 3 });
  // Refused at once (port 9): the post stays pending for the assertions.
  channelId = (await createChatChannel(t, await teamOf(t, owner), { kind: 'msteams', target: 'http://127.0.0.1:9/hook', label: '#ops' }))
    .id;
});
afterAll(async () => {
  await t?.close();
});

describe('during a window', () => {
  it('stores a matching alert silenced: no email, no chat post, no timer; the API says until when and by which window', async () => {
    const window = await oneOff();
    expect(window).toMatchObject({ active: true, current_end: iso(60), silenced_alerts: 0 });
    const { id } = await trigger(integration);
    expect(await readAlert(id)).toMatchObject({
      state: 'open',
      silenced_until: iso(60),
      maintenance_window_id: window.id,
      next_escalation_at: null,
    });
    expect(await notes(id)).toEqual([]);
    expect(answered(await callAs(t, owner, 'GET', `${WINDOWS}/${window.id}`)).silenced_alerts).toBe(1);
    answered(await callAs(t, owner, 'DELETE', `${WINDOWS}/${window.id}`));
    await sweep();
  });

  it('closes a silenced alert on its resolve, and its end then pages nobody', async () => {
    const window = await oneOff();
    const { id, title } = await trigger(integration);
    answered(await send(t, integration, { action: 'resolve', dedup_key: title }), 202);
    expect((await readAlert(id)).state).toBe('closed');
    clock.advanceMinutes(61);
    expect(await sweep()).toMatchObject({ paged: 0, cleared: 1 });
    expect(await readAlert(id)).toMatchObject({ state: 'closed', silenced_until: null, maintenance_window_id: window.id });
    expect(await notes(id)).toEqual([]);
  });

  it('silences only what its matchers match, and a whole-team window every integration of the team', async () => {
    const other = await createIntegration(t, owner, 'Grafana');
    const window = await oneOff(
      { match_mode: 'all', matchers: [{ field: 'labels.env', op: 'equals', value: 'staging' }] },
      { integration_id: null },
    );
    const staging = await trigger(other, { env: 'staging' });
    const prod = await trigger(other, { env: 'prod' });
    expect((await readAlert(staging.id)).maintenance_window_id).toBe(window.id);
    expect(await readAlert(prod.id)).toMatchObject({ silenced_until: null, maintenance_window_id: null });
    expect((await notes(prod.id)).map((n) => n.kind)).toEqual(['new_alert', 'new_alert']);
    answered(await callAs(t, owner, 'DELETE', `${WINDOWS}/${window.id}`));
    await sweep();
  });
});

describe("the window's end", () => {
  it('pages an alert still open once: its owner, its chat channels, its policy timer from then', async () => {
    const window = await oneOff({ ends_at: iso(30) });
    const { id } = await trigger(integration);
    clock.advanceMinutes(29);
    expect(await sweep()).toMatchObject({ paged: 0 });
    clock.advanceMinutes(1);
    expect(await sweep()).toMatchObject({ paged: 1 });
    expect(await sweep()).toMatchObject({ paged: 0 });
    expect(await readAlert(id)).toMatchObject({
      state: 'open',
      silenced_until: null,
      maintenance_window_id: window.id,
      next_escalation_at: iso(3),
    });
    expect(await notes(id)).toEqual([
      { kind: 'new_alert', recipient: '#ops', chat_channel_id: channelId },
      { kind: 'new_alert', recipient: owner.email, chat_channel_id: null },
    ]);
    // The timer takes it from there, as any alert.
    clock.advanceMinutes(3);
    expect(await t.parts.escalations.tick()).toBeGreaterThanOrEqual(1);
    expect((await readAlert(id)).escalation_level).toBe(1);
  });

  it('pages each alert once when two sweepers (two replicas) race', async () => {
    await oneOff({ ends_at: iso(10) });
    const alerts = await Promise.all([1, 2, 3, 4, 5].map(() => trigger(integration)));
    clock.advanceMinutes(10);
    const other = new MaintenanceSweep(t.parts, t.app.log);
    const results = await Promise.all([sweep(), other.tick(), sweep(), other.tick()]);
    expect(results.reduce((sum, r) => sum + r.paged, 0)).toBe(5);
    for (const { id } of alerts) expect((await notes(id)).filter((n) => n.chat_channel_id === null)).toHaveLength(1);
  });

  it('leaves an acknowledged alert acknowledged and unpaged', async () => {
    await oneOff({ ends_at: iso(10) });
    const { id } = await trigger(integration);
    answered(await callAs(t, owner, 'POST', `${ALERTS}/acknowledge/${id}`));
    clock.advanceMinutes(10);
    expect(await sweep()).toMatchObject({ paged: 0, cleared: 1 });
    expect(await notes(id)).toEqual([]);
  });

  it('ended now, deleted or moved: the silences end at the next sweep; moved later: they last', async () => {
    const ended = await oneOff();
    const first = await trigger(integration);
    const endedNow = answered(await callAs(t, owner, 'POST', `${WINDOWS}/${ended.id}/end`));
    expect(endedNow).toMatchObject({ active: false, ended_at: iso(0) });
    expect((await callAs(t, owner, 'POST', `${WINDOWS}/${ended.id}/end`)).statusCode).toBe(409);
    expect(await sweep()).toMatchObject({ paged: 1 });
    expect((await notes(first.id)).length).toBe(2);

    const deleted = await oneOff();
    const second = await trigger(integration);
    answered(await callAs(t, owner, 'DELETE', `${WINDOWS}/${deleted.id}`));
    expect(await sweep()).toMatchObject({ paged: 1 });
    expect(await readAlert(second.id)).toMatchObject({ silenced_until: null, maintenance_window_id: null });

    const moved = await oneOff({ ends_at: iso(20) });
    const third = await trigger(integration);
    answered(await callAs(t, owner, 'PATCH', `${WINDOWS}/${moved.id}`, { ends_at: iso(90) }));
    expect(await sweep()).toMatchObject({ paged: 0, extended: 1 });
    expect((await readAlert(third.id)).silenced_until).toBe(iso(90));
    clock.advanceMinutes(90);
    expect(await sweep()).toMatchObject({ paged: 1 });
  });

  it('a heartbeat missed during a window is silenced too, and paged at its end', async () => {
    const { integration: cron, monitor } = await createMonitor(t, owner, { name: 'nightly', interval_minutes: 5, grace_minutes: 0 });
    await oneOff({ ends_at: iso(20) }, { integration_id: cron.id });
    clock.advanceMinutes(6);
    expect(await t.parts.heartbeats.tick()).toBe(1);
    const alert = await t.db
      .selectFrom('alerts')
      .select(['id', 'silenced_until'])
      .where('dedup_key', '=', `heartbeat:${monitor.id}`)
      .executeTakeFirstOrThrow();
    expect(alert.silenced_until?.toISOString()).toBe(iso(14));
    expect(await notes(alert.id)).toEqual([]);
    clock.advanceMinutes(14);
    expect(await sweep()).toMatchObject({ paged: 1 });
  });
});
