import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answered, callAs } from '../helpers/api.js';
import { send } from '../helpers/ingest.js';
import { createIntegration, INTEGRATIONS } from '../helpers/integrations.js';
import { createPolicy, emailLevels, givePolicy } from '../helpers/policies.js';
import { rule, saveRules } from '../helpers/routing.js';
import { body, createTestApp, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

/**
 * A routed alert escalates by its rule's policy, not its integration's: the timer, the
 * escalation emails, "who is next" on the alert, and the contacts the superuser confirms.
 */
const ALERTS = '/api/v1/alert';
let t: TestApp;
const clock = new TestClock();
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp({ notifications: { ...testConfig().notifications, escalationCheckMs: 3_600_000 } }, { now: clock.now });
  owner = await t.createUser();
});
afterAll(async () => {
  await t?.close();
});

async function mailsOf(title: string, level: number, expected: number) {
  await t.parts.notifications.flush();
  const match = (m: { subject: string }) => m.subject.includes(`[ESCALATED L${level}]`) && m.subject.includes(title);
  if (expected > 0) await t.mail.waitFor(match);
  return t.mail.messages.filter(match);
}

describe('a routed alert', () => {
  it("escalates to the rule's policy's targets, on that policy's pace; an alert no rule routes, to the integration's", async () => {
    const integration = await createIntegration(t, owner, 'Routed escalation');
    await givePolicy(t, owner, integration.id, { levels: emailLevels([['integration@example.com']], 30) }, 'Integration policy');
    const routed = (await createPolicy(t, owner, { name: 'Routed', levels: emailLevels([['oncall-db@example.com']], 2) })).id;
    await saveRules(t, owner, integration.id, [
      rule('Databases', [{ field: 'labels.service', op: 'equals', value: 'postgres' }], 'route', { escalation_policy_id: routed }),
    ]);
    // Both policies' addresses are the integration's contacts: the superuser's bypass confirms each.
    for (const email of ['integration@example.com', 'oncall-db@example.com']) {
      const res = await callAs(t, t.superuser, 'POST', `${INTEGRATIONS}/${integration.id}/contacts/confirm`, { email });
      expect(body(res), res.body).toMatchObject({ email, status: 'confirmed' });
    }
    const raise = async (title: string, labels: Record<string, string>) =>
      answered(await send(t, integration, { action: 'trigger', title, dedup_key: title, labels }), 202).alerts[0].alert_id as string;
    const routedId = await raise('Routed replica lag', { service: 'postgres' });
    const plainId = await raise('Plain disk full', { service: 'nginx' });

    const routedAlert = body(await t.app.inject({ method: 'GET', url: `${ALERTS}/${routedId}` }));
    expect(new Date(routedAlert.next_escalation_at).getTime()).toBe(clock.now().getTime() + 2 * 60_000);
    expect(routedAlert.escalation_next).toMatchObject({ kind: 'timer', level: 1, recipients: ['1 external address'] });
    const plainAlert = body(await t.app.inject({ method: 'GET', url: `${ALERTS}/${plainId}` }));
    expect(new Date(plainAlert.next_escalation_at).getTime()).toBe(clock.now().getTime() + 30 * 60_000);

    clock.advanceMinutes(2);
    expect(await t.parts.escalations.tick()).toBe(1);
    const [mail, ...none] = await mailsOf('Routed replica lag', 1, 1);
    expect(none).toEqual([]);
    expect(mail?.to).toEqual(['oncall-db@example.com']);

    clock.advanceMinutes(28);
    expect(await t.parts.escalations.tick()).toBe(1);
    const [plainMail] = await mailsOf('Plain disk full', 1, 1);
    expect(plainMail?.to).toEqual(['integration@example.com']);
    // The routed one's policy stopped at its one level: the integration's policy never reaches it.
    expect(t.mail.messages.filter((m) => m.subject.includes('Routed replica lag') && m.to.includes('integration@example.com'))).toEqual([]);
  });
});
