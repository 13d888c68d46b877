import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answered, callAs } from '../helpers/api.js';
import { send } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { createPolicy, emailLevels, givePolicy } from '../helpers/policies.js';
import { rule, rulesUrl, saveRules } from '../helpers/routing.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/** POST /integration/{id}/routing-rules/test: rules tried on the integration's last alerts and a sample; nothing changes. */
let t: TestApp;
let owner: TestUser;
let integration: TestIntegration;
let own: string;
let databases: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  integration = await createIntegration(t, owner, 'Tried');
  own = await givePolicy(t, owner, integration.id, { levels: emailLevels([], 5) }, 'Own');
  databases = (await createPolicy(t, owner, { name: 'Databases', levels: emailLevels([], 5) })).id;
  for (const [key, labels] of [
    ['t-db', { team: 'db', env: 'production' }],
    ['t-staging', { team: 'web', env: 'staging' }],
    ['t-web', { team: 'web', env: 'production' }],
  ] as const) {
    answered(await send(t, integration, { action: 'trigger', title: key, dedup_key: key, labels, severity: 'warning' }), 202);
  }
});
afterAll(async () => {
  await t?.close();
});

const tryRules = async (payload: object, status = 200) =>
  answered(await callAs(t, owner, 'POST', `${rulesUrl(integration.id)}/test`, payload), status);

const RULES = [
  rule('Production is high', [{ field: 'labels.env', op: 'equals', value: 'production' }], 'severity', { severity: 'high' }),
  rule('Databases', [{ field: 'labels.team', op: 'equals', value: 'db' }], 'route', { escalation_policy_id: '' }),
  rule('Staging', [{ field: 'labels.env', op: 'equals', value: 'staging' }], 'drop'),
];
const rules = () => RULES.map((r) => (r.action === 'route' ? { ...r, escalation_policy_id: databases } : r));

describe('trying rules', () => {
  it('answers per alert, newest first, the rule that decided, those that matched, the outcome, policy and severity', async () => {
    const { data, count } = await tryRules({ rules: rules() });
    expect(count).toBe(3);
    expect(
      data.map((r: any) => [
        r.dedup_key,
        r.outcome,
        r.rule?.name ?? null,
        r.applied.map((a: any) => a.position),
        r.escalation_policy_id,
        r.result_severity,
      ]),
    ).toEqual([
      ['t-web', 'default', null, [0], own, 'high'],
      ['t-staging', 'dropped', 'Staging', [2], null, 'warning'],
      ['t-db', 'routed', 'Databases', [0, 1], databases, 'high'],
    ]);
    expect(data[2]).toMatchObject({ source: 'alert', severity: 'warning', labels: { team: 'db', env: 'production' } });
    // Nothing saved, nothing stored.
    expect(answered(await callAs(t, owner, 'GET', rulesUrl(integration.id))).data).toEqual([]);
  });

  it('tries the saved rules when none are given, on a sample event first, and `limit` of the alerts', async () => {
    await saveRules(t, owner, integration.id, rules());
    const { data } = await tryRules({ limit: 1, event: { title: 'Sample', labels: { team: 'db' }, severity: 'critical' } });
    expect(data.map((r: any) => [r.source, r.title, r.outcome, r.result_severity])).toEqual([
      ['sample', 'Sample', 'routed', 'critical'],
      ['alert', 't-web', 'default', 'high'],
    ]);
    expect((await tryRules({ limit: 0 })).data).toEqual([]);
    await saveRules(t, owner, integration.id, []);
  });

  it('checks given rules as a save does: 422 naming the rule', async () => {
    const { detail } = await tryRules({ rules: [rule('Broken', [{ field: 'title', op: 'not_regex', value: '(' }], 'drop')] }, 422);
    expect(detail[0]).toMatchObject({ loc: ['body', 'rules', 0, 'matchers', 0, 'value'] });
    expect(detail[0].msg).toContain('rule 1 ("Broken")');
    expect((await tryRules({ limit: 101 }, 422)).detail[0].loc).toEqual(['body', 'limit']);
  });
});
