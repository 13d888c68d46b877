import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DROPS_KEPT, DROPS_KEPT_DAYS, recordDrops } from '../../src/routing/drops.js';
import { answered, callAs } from '../helpers/api.js';
import { fixture, send } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { createPolicy, emailLevels } from '../helpers/policies.js';
import { dropsUrl, rule, saveRules } from '../helpers/routing.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * What routing rules do to ingested events (docs/oncall/routing.md): the order, each action,
 * the drops' history and its bounds, a change seen by the very next body, Alertmanager's labels.
 */
let t: TestApp;
let owner: TestUser;
let integration: TestIntegration;
let databases: string;
let web: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  integration = await createIntegration(t, owner, 'Alertmanager');
  databases = (await createPolicy(t, owner, { name: 'Databases', levels: emailLevels([['dba@example.com']], 5) })).id;
  web = (await createPolicy(t, owner, { name: 'Web', levels: emailLevels([['web@example.com']], 5) })).id;
});
afterAll(async () => {
  await t?.close();
});

const trigger = async (dedup_key: string, labels: Record<string, string>, extra: object = {}) =>
  answered(await send(t, integration, { action: 'trigger', title: dedup_key, dedup_key, labels, ...extra }), 202);

async function triggered(dedupKey: string, labels: Record<string, string>, extra: object = {}) {
  const answer = await trigger(dedupKey, labels, extra);
  const outcome = answer.alerts[0];
  if (outcome.result === 'dropped') return { outcome, alert: undefined };
  const alert = await t.db
    .selectFrom('alerts')
    .select(['id', 'severity', 'escalation_policy_id'])
    .where('id', '=', outcome.alert_id)
    .executeTakeFirstOrThrow();
  return { outcome, alert };
}

describe('the order', () => {
  it('severity rules apply and go on; the first route or drop ends it; none: the integration follows its own policy', async () => {
    await saveRules(t, owner, integration.id, [
      rule('Production is critical', [{ field: 'labels.env', op: 'equals', value: 'production' }], 'severity', { severity: 'critical' }),
      rule(
        'Critical databases',
        [
          { field: 'labels.team', op: 'equals', value: 'db' },
          { field: 'severity', op: 'equals', value: 'critical' },
        ],
        'route',
        { escalation_policy_id: databases },
      ),
      rule('Staging is noise', [{ field: 'labels.env', op: 'equals', value: 'staging' }], 'drop'),
      rule('Web', [{ field: 'labels.team', op: 'equals', value: 'web' }], 'route', { escalation_policy_id: web, severity: 'high' }),
      rule('Never reached for web', [{ field: 'labels.team', op: 'equals', value: 'web' }], 'drop'),
    ]);
    // The severity rule's value is what the route rule's matcher reads.
    const prodDb = await triggered('order-prod-db', { env: 'production', team: 'db' }, { severity: 'info' });
    expect(prodDb.alert).toMatchObject({ severity: 'critical', escalation_policy_id: databases });
    // A route ends it: the later drop of the same team is never reached.
    const web1 = await triggered('order-web', { env: 'production', team: 'web' });
    expect(web1.alert).toMatchObject({ severity: 'high', escalation_policy_id: web });
    // A drop ends it before a later route.
    const stagingWeb = await triggered('order-staging-web', { env: 'staging', team: 'web' });
    expect(stagingWeb.outcome).toEqual({ dedup_key: 'order-staging-web', alert_id: null, result: 'dropped' });
    // No rule ends it: the integration's policy (null on the alert), the sender's severity.
    const other = await triggered('order-other', { env: 'qa', team: 'db' }, { severity: 'warning' });
    expect(other.alert).toMatchObject({ severity: 'warning', escalation_policy_id: null });
  });

  it('a rule with no matcher matches every trigger; mode any needs one matcher of its list', async () => {
    await saveRules(t, owner, integration.id, [
      rule(
        'Either',
        [
          { field: 'labels.region', op: 'equals', value: 'eu' },
          { field: 'title', op: 'regex', value: '^any-.*disk' },
        ],
        'severity',
        { severity: 'info', mode: 'any' },
      ),
      rule('Everything else to databases', [], 'route', { escalation_policy_id: databases }),
    ]);
    expect((await triggered('any-disk', {})).alert).toMatchObject({ severity: 'info', escalation_policy_id: databases });
    expect((await triggered('any-x', { region: 'us' }, { severity: 'high' })).alert).toMatchObject({ severity: 'high' });
  });
});

describe('dropped events', () => {
  it('are answered as dropped, store no alert, and are listed in the history newest first, by rule name', async () => {
    await saveRules(t, owner, integration.id, [
      rule('Drop test instances', [{ field: 'labels.instance', op: 'regex', value: '^test-' }], 'drop'),
    ]);
    await trigger('drop-1', { instance: 'test-1' });
    await trigger('drop-2', { instance: 'test-2' }, { severity: 'critical' });
    expect(await t.db.selectFrom('alerts').select('id').where('dedup_key', 'in', ['drop-1', 'drop-2']).execute()).toEqual([]);
    const drops = answered(await callAs(t, owner, 'GET', `${dropsUrl(integration.id)}?limit=2`));
    expect(drops.data.map((d: any) => [d.dedup_key, d.rule_name, d.severity, d.labels])).toEqual([
      ['drop-2', 'Drop test instances', 'critical', { instance: 'test-2' }],
      ['drop-1', 'Drop test instances', 'warning', { instance: 'test-1' }],
    ]);
    const [savedRule] = answered(await callAs(t, owner, 'GET', `/api/v1/integration/${integration.id}/routing-rules`)).data;
    expect(drops.data[0].rule_id).toBe(savedRule.id);
    // The rule gone, its drops keep its name.
    await saveRules(t, owner, integration.id, []);
    const after = answered(await callAs(t, owner, 'GET', `${dropsUrl(integration.id)}?limit=1`)).data[0];
    expect(after).toMatchObject({ dedup_key: 'drop-2', rule_id: null, rule_name: 'Drop test instances' });
  });

  it('never swallow an acknowledge or a resolve: an alert kept before the drop rule still closes', async () => {
    const { alert } = await triggered('kept-then-dropped', { env: 'staging' });
    await saveRules(t, owner, integration.id, [rule('Drop everything', [], 'drop')]);
    const resolved = answered(await send(t, integration, { action: 'resolve', dedup_key: 'kept-then-dropped' }), 202);
    expect(resolved.alerts[0]).toMatchObject({ alert_id: alert?.id, result: 'resolved' });
    await saveRules(t, owner, integration.id, []);
  });

  it(`keep the newest ${DROPS_KEPT} and none older than ${DROPS_KEPT_DAYS} days`, async () => {
    const own = await createIntegration(t, owner, 'Bounds');
    const event = (i: number) => ({
      event: { action: 'trigger' as const, dedupKey: `b-${i}`, title: `B ${i}`, description: null, severity: 'info' as const, labels: {} },
      stage: 'routing',
      reason: 'Bounded',
      byId: null,
    });
    const old = new Date(Date.now() - (DROPS_KEPT_DAYS + 1) * 86_400_000);
    await recordDrops(t.db, [event(-1)], { integrationId: own.id, now: old });
    await recordDrops(
      t.db,
      Array.from({ length: DROPS_KEPT }, (_, i) => event(i)),
      { integrationId: own.id, now: new Date() },
    );
    // Read past the old one (older than the bound) whether pruned yet or not.
    const listed = answered(await callAs(t, owner, 'GET', `${dropsUrl(own.id)}?limit=1`));
    expect(listed.count).toBe(DROPS_KEPT);
    await recordDrops(
      t.db,
      Array.from({ length: 150 }, (_, i) => event(DROPS_KEPT + i)),
      { integrationId: own.id, now: new Date() },
    );
    const stored = await t.db.selectFrom('routing_drops').select('dedup_key').where('integration_id', '=', own.id).execute();
    expect(stored).toHaveLength(DROPS_KEPT);
    expect(stored.map((r) => r.dedup_key)).not.toContain('b--1');
    expect(stored.map((r) => r.dedup_key)).not.toContain('b-149');
    expect(answered(await callAs(t, owner, 'GET', `${dropsUrl(own.id)}?limit=1`)).data[0].dedup_key).toBe(`b-${DROPS_KEPT + 149}`);
  });
});

describe('a change', () => {
  it('applies to the very next body (the stage cache is emptied), not 2 s later', async () => {
    expect((await triggered('change-1', { team: 'web' })).alert?.escalation_policy_id).toBeNull();
    await saveRules(t, owner, integration.id, [
      rule('Web', [{ field: 'labels.team', op: 'equals', value: 'web' }], 'route', { escalation_policy_id: web }),
    ]);
    expect((await triggered('change-2', { team: 'web' })).alert?.escalation_policy_id).toBe(web);
    await saveRules(t, owner, integration.id, [rule('Drop web', [{ field: 'labels.team', op: 'equals', value: 'web' }], 'drop')]);
    expect((await triggered('change-3', { team: 'web' })).outcome.result).toBe('dropped');
    await saveRules(t, owner, integration.id, []);
    expect((await triggered('change-4', { team: 'web' })).outcome.result).toBe('created');
  });
});

describe("Alertmanager's labels", () => {
  it('are what the rules match: one alert of a group dropped, another routed', async () => {
    await saveRules(t, owner, integration.id, [
      rule(
        'db-2 is being rebuilt',
        [
          { field: 'labels.alertname', op: 'equals', value: 'NodeDown' },
          { field: 'labels.instance', op: 'regex', value: '^db-2\\.' },
        ],
        'drop',
      ),
      rule('Nodes to databases', [{ field: 'labels.job', op: 'equals', value: 'node' }], 'route', { escalation_policy_id: databases }),
    ]);
    const webhook = fixture('alertmanager-v4');
    const answer = body(await send(t, integration, webhook, 'alertmanager'));
    const byKey = Object.fromEntries(answer.alerts.map((a: any) => [a.dedup_key, a]));
    expect(byKey['9e77b6c2d0f4a815'].result).toBe('dropped');
    expect(byKey['5c1a3f0e9d2b7a41'].result).toBe('created');
    const routed = await t.db
      .selectFrom('alerts')
      .select('escalation_policy_id')
      .where('id', '=', byKey['5c1a3f0e9d2b7a41'].alert_id)
      .executeTakeFirstOrThrow();
    expect(routed.escalation_policy_id).toBe(databases);
    const [drop] = answered(await callAs(t, owner, 'GET', `${dropsUrl(integration.id)}?limit=1`)).data;
    expect(drop).toMatchObject({
      dedup_key: '9e77b6c2d0f4a815',
      rule_name: 'db-2 is being rebuilt',
      title: 'NodeDown: db-2.example.org is down',
    });
    expect(drop.labels).toMatchObject({ instance: 'db-2.example.org:9100', job: 'node' });
    await saveRules(t, owner, integration.id, []);
  });
});
