import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answered, callAs } from '../helpers/api.js';
import { expectCountsExact, fixture, send, storedAlerts } from '../helpers/ingest.js';
import { createIntegration, INTEGRATIONS, type TestIntegration } from '../helpers/integrations.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/** Grouping (docs/oncall/grouping.md): one alert per group and window, its occurrences listed, one notification. */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let integration: TestIntegration;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ email: 'grouping-owner@example.com' });
  stranger = await t.createUser();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  integration = await createIntegration(t, owner);
});

const setGrouping = (settings: { group_by?: string[]; group_window_minutes?: number }, id = integration.id) =>
  callAs(t, owner, 'PATCH', `${INTEGRATIONS}/${id}`, settings);

interface FakeAlert {
  fingerprint: string;
  instance: string;
  alertname?: string;
  status?: 'firing' | 'resolved';
}

/** An Alertmanager webhook (version 4, from the vendor's example) carrying these alerts. */
function webhook(alerts: FakeAlert[]) {
  const base = fixture('alertmanager-v4');
  const [template] = base.alerts;
  return {
    ...base,
    status: alerts.every((a) => a.status === 'resolved') ? 'resolved' : 'firing',
    alerts: alerts.map((a) => ({
      ...template,
      status: a.status ?? 'firing',
      fingerprint: a.fingerprint,
      labels: { ...template.labels, alertname: a.alertname ?? 'NodeDown', instance: a.instance },
      annotations: { summary: `${a.instance} is down` },
    })),
  };
}

const deliver = async (alerts: FakeAlert[]) => answered(await send(t, integration, webhook(alerts), 'alertmanager'), 202);

const occurrencesOf = async (alertId: string, user = owner, query = '') =>
  callAs(t, user, 'GET', `/api/v1/alert/${alertId}/occurrences${query}`);

const newAlertNotes = async (alertId: string) =>
  t.db.selectFrom('notifications').select('id').where('alert_id', '=', alertId).where('kind', '=', 'new_alert').execute();

/** Moves a group alert's opening back, as if the window had passed. */
const openedMinutesAgo = (alertId: string, minutes: number) =>
  sql`UPDATE alerts SET created_at = now() - make_interval(mins => ${minutes}) WHERE id = ${alertId}`.execute(t.db);

describe('the settings', () => {
  it('are read with the integration, set on creation or by PATCH; a change takes effect at once', async () => {
    const read = answered(await callAs(t, owner, 'GET', `${INTEGRATIONS}/${integration.id}`));
    expect(read).toMatchObject({ group_by: [], group_window_minutes: 10 });
    const created = answered(
      await callAs(t, owner, 'POST', `${INTEGRATIONS}/`, {
        title: 'Grouped',
        group_by: ['alertname', 'cluster'],
        group_window_minutes: 30,
      }),
    );
    expect(created).toMatchObject({ group_by: ['alertname', 'cluster'], group_window_minutes: 30 });
    // This process cached "no grouping" for the integration: the PATCH drops that at once.
    await deliver([{ fingerprint: 'warm-cache', instance: 'a' }]);
    expect(answered(await setGrouping({ group_by: ['alertname'], group_window_minutes: 5 }))).toMatchObject({
      group_by: ['alertname'],
      group_window_minutes: 5,
    });
    const answer = await deliver([{ fingerprint: 'after-patch', instance: 'b' }]);
    const alert = await t.db.selectFrom('alerts').selectAll().where('id', '=', answer.alerts[0].alert_id).executeTakeFirstOrThrow();
    expect(alert.group_key).toMatch(/^[0-9a-f]{32}$/);
    expect(alert.dedup_key).toBe(`group:${alert.group_key}`);
    expect(alert.labels).toEqual({ alertname: 'NodeDown' });
  });

  it('refuse bad values with a 422 naming the field, and change nothing', async () => {
    await setGrouping({ group_by: ['job'], group_window_minutes: 15 });
    const bad: [object, (string | number)[]][] = [
      [{ group_by: Array.from({ length: 11 }, (_, i) => `l${i}`) }, ['body', 'group_by']],
      [{ group_by: ['has space'] }, ['body', 'group_by', 0]],
      [{ group_by: [''] }, ['body', 'group_by', 0]],
      [{ group_by: ['x'.repeat(129)] }, ['body', 'group_by', 0]],
      [{ group_by: ['job', 'job'] }, ['body', 'group_by']],
      [{ group_by: 'job' }, ['body', 'group_by']],
      [{ group_window_minutes: 0 }, ['body', 'group_window_minutes']],
      [{ group_window_minutes: 1441 }, ['body', 'group_window_minutes']],
      [{ group_window_minutes: 2.5 }, ['body', 'group_window_minutes']],
    ];
    for (const [payload, loc] of bad) {
      const res = await setGrouping(payload as never);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(body(res).detail.map((d: { loc: unknown[] }) => d.loc)).toContainEqual(loc);
    }
    const refused = await callAs(t, owner, 'POST', `${INTEGRATIONS}/`, { title: 'Bad', group_window_minutes: 0 });
    expect(refused.statusCode).toBe(422);
    expect(answered(await callAs(t, owner, 'GET', `${INTEGRATIONS}/${integration.id}`))).toMatchObject({
      group_by: ['job'],
      group_window_minutes: 15,
    });
  });

  it("are changed by the integration's admins only", async () => {
    const res = await callAs(t, stranger, 'PATCH', `${INTEGRATIONS}/${integration.id}`, { group_by: ['job'] });
    expect(res.statusCode).toBe(404);
    expect(answered(await callAs(t, owner, 'GET', `${INTEGRATIONS}/${integration.id}`)).group_by).toEqual([]);
  });
});

describe('grouped alerts', () => {
  beforeEach(async () => {
    answered(await setGrouping({ group_by: ['alertname'], group_window_minutes: 10 }));
  });

  it('two alerts of one group within the window make one alert, two occurrences and one email', async () => {
    const first = await deliver([{ fingerprint: 'fp-db-1', instance: 'db-1' }]);
    const second = await deliver([{ fingerprint: 'fp-db-2', instance: 'db-2' }]);
    const alertId = first.alerts[0].alert_id;
    expect(first.alerts).toEqual([{ dedup_key: 'fp-db-1', alert_id: alertId, result: 'created' }]);
    expect(second.alerts).toEqual([{ dedup_key: 'fp-db-2', alert_id: alertId, result: 'updated' }]);
    const alerts = await storedAlerts(t, integration.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: 'NodeDown: db-1 is down', state: 'open', occurrence_count: 2 });

    const read = answered(await callAs(t, owner, 'GET', `/api/v1/alert/${alertId}`));
    expect(read).toMatchObject({ occurrence_count: 2, group_key: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const occurrences = answered(await occurrencesOf(alertId));
    expect(occurrences).toMatchObject({ count: 2, firing: 2 });
    expect(occurrences.data.map((o: { dedup_key: string }) => o.dedup_key)).toEqual(['fp-db-1', 'fp-db-2']);
    expect(occurrences.data[1]).toMatchObject({
      title: 'NodeDown: db-2 is down',
      severity: 'critical',
      labels: { alertname: 'NodeDown', instance: 'db-2', job: 'node', severity: 'critical' },
      resolved_at: null,
    });
    expect(answered(await occurrencesOf(alertId, owner, '?skip=1&limit=1')).data).toHaveLength(1);

    expect(await newAlertNotes(alertId)).toHaveLength(1);
    await t.mail.waitFor((m) => m.to.includes(owner.email) && m.subject.includes('NodeDown: db-1 is down'));
    await t.parts.notifications.flush();
    expect(t.mail.to(owner.email).filter((m) => m.subject.includes('NodeDown: db-'))).toHaveLength(1);
    await expectCountsExact(t);
  });

  it('concurrent bodies of one group make one alert with every occurrence, and one notification', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => deliver([{ fingerprint: `race-${i}`, instance: `r-${i}` }])));
    const ids = new Set(answers.map((a) => a.alerts[0].alert_id));
    expect(ids.size).toBe(1);
    const [alertId] = [...ids] as string[];
    expect(answers.filter((a) => a.alerts[0].result === 'created')).toHaveLength(1);
    expect(await storedAlerts(t, integration.id)).toEqual([expect.objectContaining({ id: alertId, occurrence_count: 25 })]);
    expect(answered(await occurrencesOf(alertId ?? ''))).toMatchObject({ count: 25, firing: 25 });
    expect(await newAlertNotes(alertId ?? '')).toHaveLength(1);
    await expectCountsExact(t);
  });

  it('alerts of one group in one body make one alert too; another group value makes another', async () => {
    const answer = await deliver([
      { fingerprint: 'body-1', instance: 'web-1', alertname: 'HighLatency' },
      { fingerprint: 'body-2', instance: 'web-2', alertname: 'HighLatency' },
      { fingerprint: 'body-3', instance: 'web-3', alertname: 'DiskFull' },
    ]);
    const alerts = await storedAlerts(t, integration.id);
    expect(alerts.map((a) => [a.title, a.occurrence_count]).sort()).toEqual([
      ['DiskFull: web-3 is down', 1],
      ['HighLatency: web-1 is down', 2],
    ]);
    const byKey = Object.fromEntries(answer.alerts.map((a: { dedup_key: string; alert_id: string }) => [a.dedup_key, a.alert_id]));
    expect(byKey['body-1']).toBe(byKey['body-2']);
    expect(byKey['body-3']).not.toBe(byKey['body-1']);
    expect(answer.alerts.filter((a: { result: string }) => a.result === 'created')).toHaveLength(2);
  });

  it('after the window a new alert starts; a firing occurrence resent later still repeats in its own alert', async () => {
    const first = (await deliver([{ fingerprint: 'win-1', instance: 'a' }])).alerts[0].alert_id;
    await openedMinutesAgo(first, 11);
    const later = (await deliver([{ fingerprint: 'win-2', instance: 'b' }])).alerts[0];
    expect(later.result).toBe('created');
    expect(later.alert_id).not.toBe(first);
    // Alertmanager resends a firing alert every repeat_interval: not a new alert, nor a new page.
    const resent = (await deliver([{ fingerprint: 'win-1', instance: 'a' }])).alerts[0];
    expect(resent).toEqual({ dedup_key: 'win-1', alert_id: first, result: 'updated' });
    const old = await t.db.selectFrom('alerts').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
    expect(old).toMatchObject({ state: 'open', occurrence_count: 2, dedup_key: `group:${old.group_key}/${first}` });
    expect(answered(await occurrencesOf(first)).count).toBe(1);
    expect(await newAlertNotes(later.alert_id)).toHaveLength(1);
    // Within the window, the new alert absorbs.
    expect((await deliver([{ fingerprint: 'win-3', instance: 'c' }])).alerts[0].alert_id).toBe(later.alert_id);
  });

  it('resolving one occurrence leaves the alert open; resolving the last closes it, via the integration', async () => {
    const alertId = (
      await deliver([
        { fingerprint: 'res-1', instance: 'a' },
        { fingerprint: 'res-2', instance: 'b' },
      ])
    ).alerts[0].alert_id;
    const one = await deliver([{ fingerprint: 'res-1', instance: 'a', status: 'resolved' }]);
    expect(one.alerts).toEqual([{ dedup_key: 'res-1', alert_id: alertId, result: 'resolved' }]);
    const half = answered(await occurrencesOf(alertId));
    expect(half).toMatchObject({ count: 2, firing: 1 });
    expect(half.data.find((o: { dedup_key: string }) => o.dedup_key === 'res-1').resolved_at).not.toBeNull();
    expect((await storedAlerts(t, integration.id))[0]?.state).toBe('open');

    await deliver([{ fingerprint: 'res-2', instance: 'b', status: 'resolved' }]);
    const alert = await t.db.selectFrom('alerts').selectAll().where('id', '=', alertId).executeTakeFirstOrThrow();
    expect(alert).toMatchObject({ state: 'closed', next_escalation_at: null });
    const events = await t.db.selectFrom('alert_events').selectAll().where('alert_id', '=', alertId).execute();
    expect(events).toEqual([expect.objectContaining({ action: 'close', from_state: 'open', to_state: 'closed', via: 'integration' })]);
    // A closed alert is never reopened: the same group fires again into a new alert.
    const again = (await deliver([{ fingerprint: 'res-1', instance: 'a' }])).alerts[0];
    expect(again.result).toBe('created');
    expect(again.alert_id).not.toBe(alertId);
  });

  it('a resolved occurrence that fires again within the window is listed as firing again', async () => {
    const alertId = (
      await deliver([
        { fingerprint: 'flap-1', instance: 'a' },
        { fingerprint: 'flap-2', instance: 'b' },
      ])
    ).alerts[0].alert_id;
    await deliver([{ fingerprint: 'flap-1', instance: 'a', status: 'resolved' }]);
    expect((await deliver([{ fingerprint: 'flap-1', instance: 'a' }])).alerts[0].alert_id).toBe(alertId);
    expect(answered(await occurrencesOf(alertId))).toMatchObject({ count: 2, firing: 2 });
  });

  it("an acknowledge of an occurrence's key acknowledges the group alert; an unknown key is ignored", async () => {
    const event = (action: string, dedup_key: string) => ({ action, dedup_key, title: 'Checkout down', labels: { alertname: 'Checkout' } });
    const alertId = body(await send(t, integration, event('trigger', 'pd-1'))).alerts[0].alert_id;
    const acked = body(await send(t, integration, event('acknowledge', 'pd-1')));
    expect(acked.alerts).toEqual([{ dedup_key: 'pd-1', alert_id: alertId, result: 'acknowledged' }]);
    expect(body(await send(t, integration, event('resolve', 'nobody'))).alerts[0].result).toBe('ignored');
    const alert = await t.db.selectFrom('alerts').select('state').where('id', '=', alertId).executeTakeFirstOrThrow();
    expect(alert.state).toBe('acknowledged');
    expect(body(await send(t, integration, event('resolve', 'pd-1'))).alerts[0].result).toBe('resolved');
    expect((await t.db.selectFrom('alerts').select('state').where('id', '=', alertId).executeTakeFirstOrThrow()).state).toBe('closed');
  });

  it("PagerDuty's drop-in answers the sender's own key, which resolves its occurrence", async () => {
    const enqueue = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/v2/enqueue', payload: { routing_key: integration.key, ...payload } });
    const trigger = (summary: string) => ({ event_action: 'trigger', payload: { summary, source: 'db', severity: 'error' } });
    const first = body(await enqueue(trigger('replica lag')));
    const second = body(await enqueue(trigger('replica lag again')));
    expect(first.dedup_key).not.toBe(second.dedup_key);
    // No `alertname` label: the group's value is empty, so both join one alert.
    const [alert] = await storedAlerts(t, integration.id);
    expect(alert).toMatchObject({ occurrence_count: 2, severity: 'high' });
    await enqueue({ event_action: 'resolve', dedup_key: first.dedup_key });
    expect((await storedAlerts(t, integration.id))[0]?.state).toBe('open');
    await enqueue({ event_action: 'resolve', dedup_key: second.dedup_key });
    expect((await storedAlerts(t, integration.id))[0]?.state).toBe('closed');
  });

  it("an alert open before grouping began keeps its repeats; the group's alert takes the highest severity", async () => {
    answered(await setGrouping({ group_by: [] }));
    const plain = (await deliver([{ fingerprint: 'before', instance: 'a' }])).alerts[0].alert_id;
    answered(await setGrouping({ group_by: ['alertname'] }));
    expect((await deliver([{ fingerprint: 'before', instance: 'a' }])).alerts[0]).toEqual({
      dedup_key: 'before',
      alert_id: plain,
      result: 'updated',
    });
    const info = { action: 'trigger', title: 'Low', severity: 'info', dedup_key: 'sev-1', labels: { alertname: 'Sev' } };
    const groupId = body(await send(t, integration, info)).alerts[0].alert_id;
    await send(t, integration, { ...info, title: 'High', severity: 'high', dedup_key: 'sev-2' });
    await send(t, integration, { ...info, title: 'Warn', severity: 'warning', dedup_key: 'sev-3' });
    const group = await t.db.selectFrom('alerts').selectAll().where('id', '=', groupId).executeTakeFirstOrThrow();
    expect(group).toMatchObject({ title: 'Low', severity: 'high', occurrence_count: 3 });
  });

  it('turned off, new alerts are plain again and the open group alerts still resolve', async () => {
    const alertId = (await deliver([{ fingerprint: 'off-1', instance: 'a' }])).alerts[0].alert_id;
    answered(await setGrouping({ group_by: [] }));
    const plain = await deliver([
      { fingerprint: 'off-2', instance: 'b' },
      { fingerprint: 'off-3', instance: 'c' },
    ]);
    expect(new Set(plain.alerts.map((a: { alert_id: string }) => a.alert_id)).size).toBe(2);
    const alerts = await storedAlerts(t, integration.id);
    expect(alerts.filter((a) => a.dedup_key === 'off-2' || a.dedup_key === 'off-3')).toHaveLength(2);
    await deliver([{ fingerprint: 'off-1', instance: 'a', status: 'resolved' }]);
    expect((await t.db.selectFrom('alerts').select('state').where('id', '=', alertId).executeTakeFirstOrThrow()).state).toBe('closed');
  });
});

describe('without grouping', () => {
  it('each fingerprint is its own alert, as before', async () => {
    const answer = await deliver([
      { fingerprint: 'plain-1', instance: 'a' },
      { fingerprint: 'plain-2', instance: 'b' },
    ]);
    expect(answer.alerts.map((a: { result: string }) => a.result)).toEqual(['created', 'created']);
    const alerts = await storedAlerts(t, integration.id);
    expect(alerts.map((a) => a.dedup_key)).toEqual(['plain-1', 'plain-2']);
    expect(answered(await occurrencesOf(alerts[0]?.id ?? '')).count).toBe(0);
    expect(
      await t.db
        .selectFrom('alerts')
        .select('group_key')
        .where('id', '=', alerts[0]?.id ?? '')
        .executeTakeFirst(),
    ).toEqual({
      group_key: null,
    });
  });
});

describe('occurrences', () => {
  it('are read by the alert team only: a stranger gets 404, anonymous 401', async () => {
    await setGrouping({ group_by: ['alertname'] });
    const alertId = (await deliver([{ fingerprint: 'secret', instance: 'vault-1' }])).alerts[0].alert_id;
    const res = await occurrencesOf(alertId, stranger);
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ detail: 'Alert not found' });
    expect(res.body).not.toContain('vault-1');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/alert/${alertId}/occurrences` })).statusCode).toBe(401);
    expect(answered(await occurrencesOf(alertId, t.superuser)).count).toBe(1);
  });

  it('are listed up to 1,000 per alert; beyond, only the count grows', async () => {
    await setGrouping({ group_by: ['alertname'] });
    const many = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ fingerprint: `cap-${from + i}`, instance: `i-${from + i}` }));
    const alertId = (await deliver(many(0, 600))).alerts[0].alert_id;
    await deliver(many(600, 600));
    const alert = await t.db.selectFrom('alerts').selectAll().where('id', '=', alertId).executeTakeFirstOrThrow();
    expect(alert.occurrence_count).toBe(1200);
    expect(answered(await occurrencesOf(alertId))).toMatchObject({ count: 1000, firing: 1000 });
    expect(await storedAlerts(t, integration.id)).toHaveLength(1);
  });
});
