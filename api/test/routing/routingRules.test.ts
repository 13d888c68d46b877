import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTING_RULES_MAX } from '../../src/routing/schema.js';
import { answered, callAs } from '../helpers/api.js';
import { auditedBy } from '../helpers/audit.js';
import { createIntegration, INTEGRATIONS, type TestIntegration } from '../helpers/integrations.js';
import { createPolicy, emailLevels, POLICIES } from '../helpers/policies.js';
import { rule, rulesUrl, saveRules } from '../helpers/routing.js';
import { shareTeam } from '../helpers/teams.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * The routing rules API (docs/oncall/routing.md): reading, replacing in one transaction, the
 * 422 naming a rule, who may do what, the audit log and the policy a rule holds. What rules do
 * to ingested events: routingStage.test.ts.
 */
let t: TestApp;
let admin: TestUser;
let responder: TestUser;
let stranger: TestUser;
let integration: TestIntegration;
let policyId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser();
  responder = await t.createUser();
  stranger = await t.createUser();
  integration = await createIntegration(t, admin, 'Prometheus (routing)');
  await shareTeam(t, admin, [responder], 'responder');
  policyId = (await createPolicy(t, admin, { name: 'Databases', levels: emailLevels([['dba@example.com']], 5) })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('replacing the rules', () => {
  it('keeps the order given, fills in defaults and answers the list; GET reads it back', async () => {
    const saved = await saveRules(t, admin, integration.id, [
      rule('Critical databases', [{ field: 'labels.team', op: 'equals', value: 'db' }], 'route', { escalation_policy_id: policyId }),
      rule('Staging is noise', [{ field: 'labels.env', op: 'equals', value: 'staging' }], 'drop'),
      rule('Info at most', [], 'severity', { severity: 'info', mode: 'any' }),
    ]);
    expect(saved.map((r: any) => [r.position, r.name, r.mode, r.action])).toEqual([
      [0, 'Critical databases', 'all', 'route'],
      [1, 'Staging is noise', 'all', 'drop'],
      [2, 'Info at most', 'any', 'severity'],
    ]);
    expect(saved[0]).toMatchObject({ escalation_policy_id: policyId, severity: null });
    const read = answered(await callAs(t, responder, 'GET', rulesUrl(integration.id)));
    expect(read.count).toBe(3);
    expect(read.data).toEqual(saved);
  });

  it('moves rules by their ids (a reorder keeps each rule), deletes those left out, and adds new ones', async () => {
    const before = answered(await callAs(t, admin, 'GET', rulesUrl(integration.id))).data;
    const [first, second] = before;
    const after = await saveRules(t, admin, integration.id, [
      { ...rule(second.name, second.matchers, 'drop'), id: second.id },
      { ...rule('Renamed', first.matchers, 'route', { escalation_policy_id: policyId }), id: first.id },
      rule('New one', [{ field: 'title', op: 'regex', value: '^Disk' }], 'severity', { severity: 'high' }),
    ]);
    expect(after.map((r: any) => [r.id, r.name])).toEqual([
      [second.id, second.name],
      [first.id, 'Renamed'],
      [expect.any(String), 'New one'],
    ]);
    expect(after[2].id).not.toBe(before[2].id);
  });

  it('an empty list removes them all', async () => {
    expect(await saveRules(t, admin, integration.id, [])).toEqual([]);
  });

  it('records one audit entry with the list before and after', async () => {
    const entries = await auditedBy(t, () => saveRules(t, admin, integration.id, [rule('Drop all', [], 'drop')]));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'routing_rules.replaced', target_type: 'routing_rules', target_id: integration.id });
    expect((entries[0]?.after as any)?.rules).toEqual([expect.objectContaining({ name: 'Drop all', action: 'drop', matchers: [] })]);
    expect((entries[0]?.before as any)?.rules).toEqual([]);
  });
});

describe('a rule refused', () => {
  const put = (rules: object[], user = admin) => callAs(t, user, 'PUT', rulesUrl(integration.id), { rules });
  const kept = async () => answered(await callAs(t, admin, 'GET', rulesUrl(integration.id))).data.map((r: any) => r.name);

  it('a regular expression that does not compile: 422 naming the rule by place and name; nothing changes', async () => {
    const before = await kept();
    const res = await put([
      rule('Fine', [], 'drop'),
      rule('Bad regex', [{ field: 'labels.instance', op: 'regex', value: 'db-(1' }], 'drop'),
    ]);
    const { detail } = answered(res, 422);
    expect(detail).toHaveLength(1);
    expect(detail[0].loc).toEqual(['body', 'rules', 1, 'matchers', 0, 'value']);
    expect(detail[0].msg).toMatch(/^Value error, rule 2 \("Bad regex"\): not a valid regular expression/i);
    expect(await kept()).toEqual(before);
  });

  it('an action without its value, or with one it does not take', async () => {
    const { detail } = answered(
      await put([
        rule('No policy', [], 'route'),
        rule('No severity', [], 'severity'),
        rule('Drop with severity', [], 'drop', { severity: 'info' }),
        rule('Severity with policy', [], 'severity', { severity: 'info', escalation_policy_id: policyId }),
        rule('Equals without value', [{ field: 'title', op: 'equals' }], 'drop'),
      ]),
      422,
    );
    expect(detail.map((d: any) => d.loc)).toEqual([
      ['body', 'rules', 0, 'escalation_policy_id'],
      ['body', 'rules', 1, 'severity'],
      ['body', 'rules', 2, 'severity'],
      ['body', 'rules', 3, 'escalation_policy_id'],
      ['body', 'rules', 4, 'matchers', 0, 'value'],
    ]);
    expect(detail[4].msg).toContain('rule 5 ("Equals without value")');
  });

  it("a policy of another team, or none: 422, as the integration's own", async () => {
    const theirs = (await createPolicy(t, stranger, { name: 'Theirs', levels: emailLevels([['x@example.com']], 5) })).id;
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000']) {
      const { detail } = answered(await put([rule('Elsewhere', [], 'route', { escalation_policy_id: id })]), 422);
      expect(detail[0].loc).toEqual(['body', 'rules', 0, 'escalation_policy_id']);
      expect(detail[0].msg).toContain("no escalation policy of the integration's team");
    }
  });

  it("an id that is none of the integration's rules, or one given twice", async () => {
    const [saved] = await saveRules(t, admin, integration.id, [rule('Keep', [], 'drop')]);
    const unknown = answered(await put([{ ...rule('Other', [], 'drop'), id: '00000000-0000-4000-8000-000000000000' }]), 422);
    expect(unknown.detail[0].loc).toEqual(['body', 'rules', 0, 'id']);
    const twice = answered(
      await put([
        { ...rule('A', [], 'drop'), id: saved.id },
        { ...rule('B', [], 'drop'), id: saved.id },
      ]),
      422,
    );
    expect(twice.detail[0].loc).toEqual(['body', 'rules', 1, 'id']);
  });

  it(`more than ${ROUTING_RULES_MAX} rules, a field no matcher reads, an unknown key: 422 by the schema`, async () => {
    const many = Array.from({ length: ROUTING_RULES_MAX + 1 }, (_, i) => rule(`Rule ${i}`, [], 'drop'));
    expect((await put(many)).statusCode).toBe(422);
    expect((await put([rule('Field', [{ field: 'owner', op: 'exists' }], 'drop')])).statusCode).toBe(422);
    expect((await put([{ ...rule('Extra', [], 'drop'), priority: 1 }])).statusCode).toBe(422);
    expect((await put(Array.from({ length: ROUTING_RULES_MAX }, (_, i) => rule(`Rule ${i}`, [], 'drop')))).statusCode).toBe(200);
  });
});

describe('who may', () => {
  it('a responder reads and tests but does not change them (403); a stranger gets 404 everywhere', async () => {
    expect((await callAs(t, responder, 'GET', rulesUrl(integration.id))).statusCode).toBe(200);
    expect((await callAs(t, responder, 'POST', `${rulesUrl(integration.id)}/test`, {})).statusCode).toBe(200);
    expect((await callAs(t, responder, 'GET', `${INTEGRATIONS}/${integration.id}/routing-drops`)).statusCode).toBe(200);
    expect((await callAs(t, responder, 'PUT', rulesUrl(integration.id), { rules: [] })).statusCode).toBe(403);
    for (const [method, url, payload] of [
      ['GET', rulesUrl(integration.id), undefined],
      ['PUT', rulesUrl(integration.id), { rules: [] }],
      ['POST', `${rulesUrl(integration.id)}/test`, {}],
      ['GET', `${INTEGRATIONS}/${integration.id}/routing-drops`, undefined],
    ] as const) {
      const res = await callAs(t, stranger, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().detail).toBe('Integration not found');
    }
    expect((await t.app.inject({ method: 'GET', url: rulesUrl(integration.id) })).statusCode).toBe(401);
  });
});

describe('the policy a rule routes to', () => {
  it('is not deleted while a rule routes to it: 409 naming the integration; deletable once the rule is gone', async () => {
    const held = (await createPolicy(t, admin, { name: 'Held by a rule', levels: emailLevels([['held@example.com']], 5) })).id;
    await saveRules(t, admin, integration.id, [rule('Route', [], 'route', { escalation_policy_id: held })]);
    const refused = await callAs(t, admin, 'DELETE', `${POLICIES}/${held}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('"Prometheus (routing)"');
    await saveRules(t, admin, integration.id, []);
    expect((await callAs(t, admin, 'DELETE', `${POLICIES}/${held}`)).statusCode).toBe(200);
  });

  it("asks its addresses to confirm on the integration maker's behalf, and lists them among the integration's contacts", async () => {
    const routed = (await createPolicy(t, admin, { name: 'Routed', levels: emailLevels([['routed@example.com']], 5) })).id;
    await saveRules(t, admin, integration.id, [rule('Route', [], 'route', { escalation_policy_id: routed })]);
    const asked = await t.db
      .selectFrom('escalation_contacts')
      .select(['email', 'confirmation_requested_at'])
      .where('owner_id', '=', admin.id)
      .where('email', '=', 'routed@example.com')
      .executeTakeFirst();
    expect(asked?.confirmation_requested_at).not.toBeNull();
    const contacts = answered(await callAs(t, admin, 'GET', `${INTEGRATIONS}/${integration.id}/contacts`));
    expect(contacts.data.map((c: any) => c.email)).toContain('routed@example.com');
  });
});
