import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyEscalations } from '../../src/alerts/alertActions.js';
import { subjectTitle } from '../../src/email/templates.js';
import { createIntegration } from '../helpers/integrations.js';
import { emailLevels, givePolicy } from '../helpers/policies.js';
import { body, createTestApp, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

/**
 * Alternating anonymous escalate and acknowledge on one alert sent 100 emails in
 * seconds. The rounds of emails one alert can cause are bounded: the repeat window counts from
 * the last escalation whatever happened since, and an alert escalates at most
 * ESCALATION_MAX_ROUNDS_PER_HOUR times in any hour (3 here), the timer included.
 */
const ALERTS = '/api/v1/alert';
const MAX_ROUNDS = 3;

let t: TestApp;
const clock = new TestClock();
let owner: TestUser;
/** An alert added by hand has no policy: each round emails every active superuser. */
let superusers: string[];

const act = (action: string, id: string, remoteAddress = '203.0.113.1') =>
  t.app.inject({ method: 'POST', url: `${ALERTS}/${action}/${id}`, remoteAddress });

async function newAlert(title = `Disk full ${randomUUID().slice(0, 8)}`) {
  const res = await t.app.inject({ method: 'POST', url: `${ALERTS}/`, headers: owner.auth, payload: { title } });
  expect(res.statusCode, res.body).toBe(200);
  return body(res) as { id: string; title: string };
}

/** The escalation emails an alert's actions wrote (final once the actions answered), and the sink received them all. */
async function escalationEmailsOf(alert: { id: string; title: string }) {
  const rows = await t.db
    .selectFrom('notifications')
    .select('recipient')
    .where('alert_id', '=', alert.id)
    .where('kind', '=', 'escalation')
    .execute();
  await t.parts.notifications.flush();
  const received = () => t.mail.messages.filter((m) => m.subject.includes('[ESCALATED') && m.subject.includes(alert.title));
  if (rows.length > 0) await t.mail.waitFor(() => received().length >= rows.length, 20_000);
  return { rows: rows.length, received: received() };
}

beforeAll(async () => {
  t = await createTestApp(
    // The app's own timer is slowed right down: the timer test ticks by hand.
    { notifications: { ...testConfig().notifications, escalationCheckMs: 3_600_000, escalationMaxRoundsPerHour: MAX_ROUNDS } },
    { now: clock.now },
  );
  owner = await t.createUser();
  const others = [await t.createUser({ is_superuser: true }), await t.createUser({ is_superuser: true })];
  superusers = [t.superuser.email, ...others.map((u) => u.email)];
});
afterAll(async () => {
  await t?.close();
});

describe('alternating escalate and acknowledge', () => {
  it('sends one round of emails however often it alternates within the repeat window, from any address', async () => {
    const alert = await newAlert();
    for (let i = 0; i < 25; i++) {
      const address = `198.51.100.${i + 1}`;
      expect((await act('escalate', alert.id, address)).statusCode).toBe(200);
      expect((await act('acknowledge', alert.id, address)).statusCode).toBe(200);
    }
    const { rows, received } = await escalationEmailsOf(alert);
    expect(rows).toBe(superusers.length);
    expect(received.flatMap((m) => m.to).sort()).toEqual([...superusers].sort());
    const state = body(await t.app.inject({ method: 'GET', url: `${ALERTS}/${alert.id}` }));
    expect(state).toMatchObject({ state: 'acknowledged', escalation_level: 1 });
  });

  it('counts the window from the last escalation, not from the last change of state', async () => {
    const { id } = await newAlert();
    expect(body(await act('escalate', id))).toMatchObject({ state: 'escalated', escalation_level: 1 });
    expect(body(await act('acknowledge', id))).toMatchObject({ state: 'acknowledged' });
    clock.advance(59_000);
    // Ignored: 200 and no change, as for two people pressing Escalate on the same email.
    const ignored = await act('escalate', id);
    expect(ignored.statusCode).toBe(200);
    expect(body(ignored)).toMatchObject({ state: 'acknowledged', escalation_level: 1 });
    clock.advance(2_000);
    expect(body(await act('escalate', id))).toMatchObject({ state: 'escalated', escalation_level: 2 });
  });

  it('a closed alert is still a 409 inside the window, not an ignored 200', async () => {
    const { id } = await newAlert();
    await act('escalate', id);
    await act('close', id);
    const res = await act('escalate', id);
    expect(res.statusCode).toBe(409);
    expect(body(res)).toEqual({ detail: 'Alert is closed' });
  });
});

describe('at most ESCALATION_MAX_ROUNDS_PER_HOUR rounds an hour', () => {
  it('refuses the next escalate with 429 and Retry-After, sends nothing for it, and lets one through an hour after the first', async () => {
    const alert = await newAlert();
    for (let round = 1; round <= MAX_ROUNDS; round++) {
      expect(body(await act('escalate', alert.id))).toMatchObject({ escalation_level: round });
      await act('acknowledge', alert.id);
      clock.advance(61_000);
    }
    const refused = await act('escalate', alert.id, '192.0.2.99');
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toEqual({ detail: tooManyEscalations(MAX_ROUNDS) });
    // The first round leaves the hour 3 × 61 s after it began.
    expect(Number(refused.headers['retry-after'])).toBe(3600 - 3 * 61);
    expect(body(await t.app.inject({ method: 'GET', url: `${ALERTS}/${alert.id}` }))).toMatchObject({
      state: 'acknowledged',
      escalation_level: MAX_ROUNDS,
    });
    const events = body(await t.app.inject({ method: 'GET', url: `${ALERTS}/${alert.id}/events`, headers: owner.auth }));
    expect(events.data.filter((e: { action: string }) => e.action === 'escalate')).toHaveLength(MAX_ROUNDS);
    const { rows, received } = await escalationEmailsOf(alert);
    expect(rows).toBe(MAX_ROUNDS * superusers.length);
    expect(received).toHaveLength(MAX_ROUNDS * superusers.length);

    clock.advance((3600 - 3 * 61) * 1000);
    expect(body(await act('escalate', alert.id))).toMatchObject({ state: 'escalated', escalation_level: MAX_ROUNDS + 1 });
  });

  it('holds the escalation timer too: it comes back when the cap allows instead of emailing', async () => {
    const integration = await createIntegration(t, owner);
    // One level without targets (every active superuser), every minute, up to level 10.
    await givePolicy(t, owner, integration.id, { levels: emailLevels([], 1), max_level: 10 });
    const title = `Replica lag ${randomUUID().slice(0, 8)}`;
    const ingested = await t.app.inject({
      method: 'POST',
      url: integration.path,
      payload: { action: 'trigger', title, dedup_key: title },
      headers: { 'content-type': 'application/json' },
    });
    const alertId = body(ingested).alerts[0].alert_id as string;
    const started = clock.now().getTime();
    for (let round = 1; round <= MAX_ROUNDS; round++) {
      clock.advanceMinutes(1);
      await t.parts.escalations.tick();
    }
    const read = async () => body(await t.app.inject({ method: 'GET', url: `${ALERTS}/${alertId}` }));
    expect(await read()).toMatchObject({ escalation_level: MAX_ROUNDS });
    clock.advanceMinutes(1);
    expect(await t.parts.escalations.tick()).toBe(0);
    const held = await read();
    expect(held.escalation_level).toBe(MAX_ROUNDS);
    // An hour after the first round (at started + 1 minute).
    expect(new Date(held.next_escalation_at).getTime()).toBe(started + 60_000 + 3_600_000);
    expect((await escalationEmailsOf({ id: alertId, title })).rows).toBe(MAX_ROUNDS * superusers.length);
    clock.advance(new Date(held.next_escalation_at).getTime() - clock.now().getTime());
    expect(await t.parts.escalations.tick()).toBe(1);
    expect(await read()).toMatchObject({ escalation_level: MAX_ROUNDS + 1 });
  });
});

describe('the subject of an alert email', () => {
  it('is a fixed [Vigil] prefix and the title on one line, without hidden characters, at most 80 of its characters', async () => {
    const sneaky = 'Your password expires\r\nToday\u202e: act now\u200b';
    const alert = await newAlert(sneaky);
    await act('escalate', alert.id);
    await t.parts.notifications.flush();
    const escalation = await t.mail.waitFor((m) => m.subject.includes('[ESCALATED L1]') && m.subject.includes('Your password expires'));
    expect(escalation.subject).toBe('[Vigil][ESCALATED L1][WARNING] Your password expires Today : act now');
    const created = await t.mail.waitFor((m) => m.to.includes(owner.email) && m.subject.includes('Your password expires'));
    expect(created.subject).toBe('[Vigil][WARNING] Your password expires Today : act now');
    // The body still has the title as it was given (escaped in HTML).
    expect(escalation.text).toContain('Your password expires');
  });

  it('cuts a long title at 80 characters', () => {
    const cut = subjectTitle(`${'x'.repeat(200)}`);
    expect(cut).toHaveLength(80);
    expect(cut.endsWith('…')).toBe(true);
    expect(subjectTitle(' \n\t ')).toBe('Untitled alert');
  });
});
