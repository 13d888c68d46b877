import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triggerAlert } from '../helpers/ingest.js';
import { createIntegration, usePolicy } from '../helpers/integrations.js';
import { createPolicy } from '../helpers/policies.js';
import { createOverride, createRotation, createSchedule } from '../helpers/schedules.js';
import { shareTeam } from '../helpers/teams.js';
import { body, createTestApp, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

/**
 * Escalation through a schedule, on a clock the test moves, reaches the
 * person on call at that moment, across a hand-off and an override; "who is reached next" is
 * resolved at the time the next level will be reached; `repeat` runs the policy again and stops.
 * Who was reached is read from the notification rows' recipients.
 *
 * The schedule: Europe/Berlin (UTC+2 in June), a daily rotation Ann → Ben handing off at 09:00
 * (07:00Z), and an override putting Cai in Ben's place on 2027-06-02 10:00Z–12:00Z. The clock
 * is set in the future so every override is still to come when it is made.
 */
let t: TestApp;
const clock = new TestClock();
let owner: TestUser;
let ann: TestUser;
let ben: TestUser;
let cai: TestUser;
let scheduleId: string;

const setClock = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());
const tick = () => t.parts.escalations.tick();
/** Each test closes its alerts: the next one's ticks then count only its own. */
const close = async (alertId: string) =>
  expect((await t.app.inject({ method: 'POST', url: `/api/v1/alert/close/${alertId}`, headers: owner.auth })).statusCode).toBe(200);

/** A new integration using `policyId`, and one alert of it ingested now (on the test clock). */
async function alertUnder(policyId: string): Promise<{ alertId: string; title: string }> {
  const integration = await createIntegration(t, owner, `Checkout ${randomUUID().slice(0, 6)}`);
  await usePolicy(t, owner, integration.id, policyId);
  return triggerAlert(t, integration, `Checkout errors ${randomUUID().slice(0, 8)}`);
}

/** The recipients of one alert's escalation notifications at `level`. */
async function reachedAt(alertId: string, level: number): Promise<string[]> {
  const rows = await t.db
    .selectFrom('notifications')
    .select('recipient')
    .where('alert_id', '=', alertId)
    .where('kind', '=', 'escalation')
    .where('level', '=', level)
    .orderBy('recipient')
    .execute();
  return rows.map((r) => r.recipient);
}

const levelOf = async (alertId: string) =>
  await t.db.selectFrom('alerts').select(['escalation_level', 'next_escalation_at']).where('id', '=', alertId).executeTakeFirstOrThrow();

beforeAll(async () => {
  // The app's own timer is slowed right down: the test ticks by hand.
  t = await createTestApp({ notifications: { ...testConfig().notifications, escalationCheckMs: 3_600_000 } }, { now: clock.now });
  owner = await t.createUser();
  ann = await t.createUser({ full_name: 'Ann Example' });
  ben = await t.createUser({ full_name: 'Ben Example' });
  cai = await t.createUser({ full_name: 'Cai Example' });
  await shareTeam(t, owner, [ann, ben, cai], 'responder');
  setClock('2027-06-01T12:00:00Z');
  const schedule = await createSchedule(t, owner, { name: `Checkout on call ${randomUUID().slice(0, 6)}`, time_zone: 'Europe/Berlin' });
  scheduleId = schedule.id;
  await createRotation(t, owner, scheduleId, {
    name: 'daily',
    user_ids: [ann.id, ben.id],
    shift_unit: 'days',
    shift_count: 1,
    handoff_time: '09:00',
    starts_at: '2027-06-01T07:00:00Z',
  });
  await createOverride(t, owner, scheduleId, {
    kind: 'replace',
    user_id: cai.id,
    replaces_user_id: ben.id,
    starts_at: '2027-06-02T10:00:00Z',
    ends_at: '2027-06-02T12:00:00Z',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('escalation through a schedule on a moving clock', () => {
  it('with first_level_after_minutes 0, pages whoever is on call at the next pass, then gives level 1 its own delay', async () => {
    const policy = await createPolicy(t, owner, {
      name: 'Checkout at once',
      first_level_after_minutes: 0,
      levels: [
        { delay_minutes: 30, targets: { schedule_ids: [scheduleId] } },
        { delay_minutes: null, targets: { user_ids: [cai.id] } },
      ],
    });
    expect(policy.first_level_after_minutes).toBe(0);
    // 08:50 in Berlin: Ann's shift. Level 1 is due at once, not 30 minutes later.
    setClock('2027-06-02T06:50:00Z');
    const { alertId } = await alertUnder(policy.id);
    expect((await levelOf(alertId)).next_escalation_at?.toISOString()).toBe('2027-06-02T06:50:00.000Z');
    expect(await tick()).toBe(1);
    expect(await reachedAt(alertId, 1)).toEqual([ann.email]);
    // Then level 1's own delay leads to level 2.
    expect((await levelOf(alertId)).next_escalation_at?.toISOString()).toBe('2027-06-02T07:20:00.000Z');
    setClock('2027-06-02T07:20:00Z');
    expect(await tick()).toBe(1);
    expect(await reachedAt(alertId, 2)).toEqual([cai.email]);
    await close(alertId);

    // A wait of its own (5 minutes) and back to null (level 1's delay), by PATCH.
    for (const [wait, due] of [
      [5, '2027-06-02T07:25:00.000Z'],
      [null, '2027-06-02T07:50:00.000Z'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/escalation-policies/${policy.id}`,
        headers: owner.auth,
        payload: { first_level_after_minutes: wait },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(body(res).first_level_after_minutes).toBe(wait);
      const next = await alertUnder(policy.id);
      expect((await levelOf(next.alertId)).next_escalation_at?.toISOString()).toBe(due);
      await close(next.alertId);
    }
    // Out of bounds: 422 at its place, nothing changed.
    for (const bad of [-1, 10081, 1.5, '5']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/escalation-policies/${policy.id}`,
        headers: owner.auth,
        payload: { first_level_after_minutes: bad },
      });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(body(res).detail[0].loc).toEqual(['body', 'first_level_after_minutes']);
    }
  });

  it('reaches whoever is on call when each level is reached: before the hand-off, after it, and during the override', async () => {
    // One level, the schedule, 30 minutes; run three times in all (repeat 2).
    const policy = await createPolicy(t, owner, {
      name: 'Checkout',
      repeat: 2,
      levels: [{ delay_minutes: 30, targets: { schedule_ids: [scheduleId] } }],
    });
    // 08:15 in Berlin, Ann's shift (she has it until 09:00).
    setClock('2027-06-02T06:15:00Z');
    const { alertId, title } = await alertUnder(policy.id);
    expect((await levelOf(alertId)).next_escalation_at?.toISOString()).toBe('2027-06-02T06:45:00.000Z');
    expect(await tick()).toBe(0);

    setClock('2027-06-02T06:45:00Z');
    expect(await tick()).toBe(1);
    expect(await reachedAt(alertId, 1)).toEqual([ann.email]);
    // Who is reached next is resolved when the next level will be reached (07:15Z), past the hand-off: Ben.
    await t.parts.notifications.flush();
    const match = (m: { subject: string }) => m.subject.includes('[ESCALATED L1]') && m.subject.includes(title);
    const mail = await t.mail.waitFor(match);
    expect(mail.to).toEqual([ann.email]);
    // People by name only: Ann's email carries nobody's address but her own.
    expect(mail.text).toContain('Notified next: if nobody acknowledges it within 30 minutes, level 2: Ben Example.');
    expect(mail.text).not.toContain(ben.email);

    // The public action page's read says the same (GET /alert/{id}, no login), by name only.
    const read = body(await t.app.inject({ method: 'GET', url: `/api/v1/alert/${alertId}` }));
    expect(read.escalation_next).toEqual({
      kind: 'timer',
      level: 2,
      at: '2027-06-02T07:15:00.000Z',
      recipients: ['Ben Example'],
    });

    setClock('2027-06-02T07:15:00Z');
    expect(await tick()).toBe(1);
    expect(await reachedAt(alertId, 2)).toEqual([ben.email]);

    setClock('2027-06-02T07:45:00Z');
    expect(await tick()).toBe(1);
    expect(await reachedAt(alertId, 3)).toEqual([ben.email]);
    // Three rounds (the level, then two repeats): the timer stops.
    expect(await levelOf(alertId)).toEqual({ escalation_level: 3, next_escalation_at: null });
    const ended = body(await t.app.inject({ method: 'GET', url: `/api/v1/alert/${alertId}` }));
    expect(ended.escalation_next).toEqual({ kind: 'last-level', level: null, at: null, recipients: [] });
    setClock('2027-06-02T09:00:00Z');
    expect(await tick()).toBe(0);

    // During the override Cai stands in for Ben.
    setClock('2027-06-02T10:00:00Z');
    const during = await alertUnder(policy.id);
    setClock('2027-06-02T10:30:00Z');
    expect(await tick()).toBe(1);
    expect(await reachedAt(during.alertId, 1)).toEqual([cai.email]);
    // After it, Ben again.
    setClock('2027-06-02T12:00:00Z');
    expect(await tick()).toBe(1);
    expect(await reachedAt(during.alertId, 2)).toEqual([ben.email]);
    await close(alertId);
    await close(during.alertId);
  });

  it('runs the levels in order, then again from level 1 `repeat` times, then stops; a person may escalate further (the last level)', async () => {
    const policy = await createPolicy(t, owner, {
      name: 'Two levels, once again',
      repeat: 1,
      levels: [
        { delay_minutes: 5, targets: { user_ids: [ann.id] } },
        { delay_minutes: 10, targets: { user_ids: [ben.id, cai.id] } },
      ],
    });
    setClock('2027-06-03T06:00:00Z');
    const { alertId } = await alertUnder(policy.id);
    const expected: [string, number, string[]][] = [
      // level 0 is given level 1's delay
      ['2027-06-03T06:05:00Z', 1, [ann.email]],
      ['2027-06-03T06:10:00Z', 2, [ben.email, cai.email].sort()],
      ['2027-06-03T06:20:00Z', 3, [ann.email]],
      ['2027-06-03T06:25:00Z', 4, [ben.email, cai.email].sort()],
    ];
    for (const [at, level, recipients] of expected) {
      setClock(at);
      expect(await tick(), at).toBe(1);
      expect(await reachedAt(alertId, level)).toEqual(recipients);
    }
    expect((await levelOf(alertId)).next_escalation_at).toBeNull();
    setClock('2027-06-03T08:00:00Z');
    expect(await tick()).toBe(0);
    // By hand, past the end: the last level again.
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/alert/escalate/${alertId}`, headers: owner.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(await reachedAt(alertId, 5)).toEqual([ben.email, cai.email].sort());
    await close(alertId);
  });

  it('falls back to every active superuser when a level reaches nobody (nobody on call)', async () => {
    const empty = await createSchedule(t, owner, { name: `Empty ${randomUUID().slice(0, 6)}`, time_zone: 'UTC' });
    const policy = await createPolicy(t, owner, { name: 'Nobody', levels: [{ delay_minutes: 1, targets: { schedule_ids: [empty.id] } }] });
    setClock('2027-06-04T06:00:00Z');
    const { alertId } = await alertUnder(policy.id);
    setClock('2027-06-04T06:01:00Z');
    expect(await tick()).toBe(1);
    expect(await reachedAt(alertId, 1)).toEqual([t.superuser.email]);
  });
});
