import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestEvent } from '../../src/ingest/events.js';
import { type IngestStage, IngestStages } from '../../src/ingest/stages.js';
import { ingest } from '../../src/ingest/store.js';
import { fixture, send } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/** What issue 28's stages share: labels on every alert, keys from another vendor, and the stage pipeline. */
let t: TestApp;
let owner: TestUser;
let integration: TestIntegration;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  integration = await createIntegration(t, owner);
});
afterAll(async () => {
  await t?.close();
});

const labelsOf = async (alertId: string) =>
  (await t.db.selectFrom('alerts').select('labels').where('id', '=', alertId).executeTakeFirstOrThrow()).labels;

describe('labels', () => {
  it("are Alertmanager's labels, stored on the alert", async () => {
    const webhook = fixture('alertmanager-v4');
    const answer = body(await send(t, integration, webhook, 'alertmanager'));
    expect(await labelsOf(answer.alerts[0].alert_id)).toEqual(
      webhook.alerts.find((a: any) => a.fingerprint === answer.alerts[0].dedup_key).labels,
    );
  });

  it("are PagerDuty's named payload fields over its scalar custom details", async () => {
    const event = {
      event_action: 'trigger',
      dedup_key: 'pd-labels',
      payload: {
        summary: 'CPU high',
        source: 'db-1',
        severity: 'error',
        component: 'postgres',
        custom_details: { region: 'eu', source: 'ignored', nested: { a: 1 }, replicas: 3 },
      },
    };
    const answer = body(await send(t, integration, event, 'pagerduty'));
    expect(await labelsOf(answer.alerts[0].alert_id)).toEqual({
      component: 'postgres',
      region: 'eu',
      replicas: '3',
      severity: 'error',
      source: 'db-1',
    });
  });

  it('are capped: 64 pairs at most and long values clipped for a vendor; a generic body over the caps refused', async () => {
    const many = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`k${String(i).padStart(2, '0')}`, 'v'.repeat(2000)]));
    const alertmanager = fixture('alertmanager-v4');
    alertmanager.alerts = [{ ...alertmanager.alerts[0], fingerprint: 'many-labels', labels: many }];
    const answer = body(await send(t, integration, alertmanager, 'alertmanager'));
    const stored = await labelsOf(answer.alerts[0].alert_id);
    expect(Object.keys(stored)).toHaveLength(64);
    expect(stored.k00).toHaveLength(1024);
    const sixtyFive = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, 'v']));
    for (const labels of [sixtyFive, { long: 'v'.repeat(1025) }]) {
      const refused = await send(t, integration, { action: 'trigger', title: 'Refused', dedup_key: 'refused-labels', labels });
      expect(refused.statusCode).toBe(422);
    }
    expect(await t.db.selectFrom('alerts').select('id').where('dedup_key', '=', 'refused-labels').execute()).toHaveLength(0);
  });
});

describe('a key from another vendor', () => {
  it('opens its integration as the integration key does; removed, it opens nothing', async () => {
    const legacy = 'opsgenie-api-key-0f3b';
    const keyHash = createHash('sha256').update(legacy).digest('hex');
    await t.db
      .insertInto('integration_legacy_keys')
      .values({ key_hash: keyHash, integration_id: integration.id, vendor: 'opsgenie' })
      .execute();
    const answer = body(await send(t, { path: `/api/v1/ingest/${legacy}` }, { action: 'trigger', title: 'Moved sender' }));
    const alert = await t.db
      .selectFrom('alerts')
      .select('integration_id')
      .where('id', '=', answer.alerts[0].alert_id)
      .executeTakeFirstOrThrow();
    expect(alert.integration_id).toBe(integration.id);
    await t.db.deleteFrom('integration_legacy_keys').where('key_hash', '=', keyHash).execute();
    expect((await send(t, { path: `/api/v1/ingest/${legacy}` }, { action: 'trigger', title: 'Gone' })).statusCode).toBe(401);
  });
});

describe('the stages', () => {
  const trigger = (dedupKey: string, labels: Record<string, string>): IngestEvent => ({
    action: 'trigger',
    dedupKey,
    title: dedupKey,
    description: null,
    severity: 'warning',
    labels,
  });

  it('run in order on a cached load; a silenced alert pages nobody and waits for no timer', async () => {
    let loads = 0;
    const until = new Date(Date.now() + 3_600_000);
    const drop: IngestStage<string> = {
      name: 'drop',
      load: async () => {
        loads += 1;
        return 'noise';
      },
      apply: (value, events) => ({
        kept: events.filter((e) => e.labels.kind !== value),
        dropped: events.filter((e) => e.labels.kind === value).map((event) => ({ event, stage: 'drop', reason: 'noise', byId: null })),
      }),
    };
    // A window's row, for the alert's key to it (migration 0034); the stage below stands in for its own.
    const window = await t.db
      .insertInto('maintenance_windows')
      .values({
        team_id: (await t.db.selectFrom('integrations').select('team_id').where('id', '=', integration.id).executeTakeFirstOrThrow())
          .team_id,
        name: 'stand-in',
        time_zone: 'UTC',
        kind: 'one_off',
        starts_at: new Date(),
        ends_at: until,
        days: null,
        start_time: null,
        end_time: null,
        ends_on: null,
        ended_at: null,
        match_mode: 'all',
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const silence: IngestStage<true> = {
      name: 'silence',
      load: async () => true,
      apply: (_state, events) => ({ kept: events.map((e) => ({ ...e, silence: { windowId: window.id, until } })), dropped: [] }),
    };
    const nothing: IngestStage<never> = {
      name: 'nothing',
      load: async () => null,
      apply: () => {
        throw new Error('not run');
      },
    };
    const stages = new IngestStages(t.db, [drop, silence, nothing]);
    const keyHash = createHash('sha256').update(integration.key).digest('hex');
    const events = [trigger('stage-kept', { kind: 'real' }), trigger('stage-dropped', { kind: 'noise' })];
    const result = await stages.apply(keyHash, events, new Date());
    await stages.apply(keyHash, events, new Date());
    expect(loads).toBe(1);
    expect(result.kept.map((e) => e.dedupKey)).toEqual(['stage-kept']);
    expect(result.dropped.map((d) => d.event.dedupKey)).toEqual(['stage-dropped']);
    stages.invalidate(integration.id);
    await stages.apply(keyHash, events, new Date());
    expect(loads).toBe(2);

    const answer = await ingest(t.db, { keyHash }, result.kept, null, new Date());
    expect(answer.status).toBe('done');
    const alert = await t.db.selectFrom('alerts').selectAll().where('dedup_key', '=', 'stage-kept').executeTakeFirstOrThrow();
    expect(alert.silenced_until?.getTime()).toBe(until.getTime());
    expect(alert.next_escalation_at).toBeNull();
    const notes = await t.db.selectFrom('notifications').select('id').where('alert_id', '=', alert.id).execute();
    expect(notes).toHaveLength(0);
  });

  it('pass an unknown key through untouched', async () => {
    const stages = new IngestStages(t.db, [{ name: 'x', load: async () => 1, apply: () => ({ kept: [], dropped: [] }) }]);
    const events = [trigger('unknown', {})];
    const result = await stages.apply('0'.repeat(64), events, new Date());
    expect(result).toEqual({ kept: events, dropped: [], context: null });
  });
});
