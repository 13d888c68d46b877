import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileTimes, type Standing, type WindowTimes } from '../../src/maintenance/occurrences.js';
import { answered, callAs } from '../helpers/api.js';
import { send } from '../helpers/ingest.js';
import { createIntegration, type TestIntegration } from '../helpers/integrations.js';
import { describePure } from '../helpers/pure.js';
import { createTestApp, type TestApp, type TestUser, testConfig } from '../helpers/testApp.js';

/**
 * When a window is in progress (maintenance/occurrences.ts): weekly occurrences resolved in
 * their zone across clock changes, past midnight, back to back, up to `ends_on`, ended early;
 * then the same through the API with the app's clock on the night Berlin's clocks go forward.
 */
const weekly = (fields: Partial<WindowTimes>): WindowTimes => ({
  kind: 'weekly',
  time_zone: 'Europe/Berlin',
  starts_at: null,
  ends_at: null,
  days: [7],
  start_time: '01:00',
  end_time: '04:00',
  ends_on: null,
  ended_at: null,
  ...fields,
});
const at = (text: string) => Date.parse(text);
const until = (standing: Standing) => (standing.active ? new Date(standing.until).toISOString() : null);
const next = (standing: Standing) => (!standing.active && standing.nextStart !== null ? new Date(standing.nextStart).toISOString() : null);

describePure('weekly occurrences', () => {
  it('Sundays 01:00–04:00 Berlin: three hours, two on the night the clocks go forward, four when they go back', () => {
    const times = compileTimes(weekly({}));
    // 2027-03-21: CET (+01:00) all night.
    expect(until(times.standingAt(at('2027-03-21T00:00:00Z')))).toBe('2027-03-21T03:00:00.000Z');
    expect(times.standingAt(at('2027-03-21T03:00:00Z')).active).toBe(false);
    // 2027-03-28: 02:00 CET becomes 03:00 CEST; 01:00 CET is 00:00Z, 04:00 CEST is 02:00Z.
    expect(next(times.standingAt(at('2027-03-27T12:00:00Z')))).toBe('2027-03-28T00:00:00.000Z');
    expect(until(times.standingAt(at('2027-03-28T01:30:00Z')))).toBe('2027-03-28T02:00:00.000Z');
    expect(times.standingAt(at('2027-03-28T02:00:00Z')).active).toBe(false);
    // 2027-10-31: 03:00 CEST becomes 02:00 CET; 01:00 CEST is 23:00Z the day before, 04:00 CET is 03:00Z.
    expect(times.standingAt(at('2027-10-30T22:59:00Z')).active).toBe(false);
    expect(until(times.standingAt(at('2027-10-30T23:00:00Z')))).toBe('2027-10-31T03:00:00.000Z');
  });

  it('a window past midnight, a start inside the skipped hour, and 24:00', () => {
    const nights = compileTimes(weekly({ days: [1, 2, 3, 4, 5], start_time: '22:00', end_time: '06:00', time_zone: 'UTC' }));
    // Friday 22:00 to Saturday 06:00 (2027-03-05 is a Friday).
    expect(until(nights.standingAt(at('2027-03-06T05:59:00Z')))).toBe('2027-03-06T06:00:00.000Z');
    expect(next(nights.standingAt(at('2027-03-06T06:00:00Z')))).toBe('2027-03-08T22:00:00.000Z');
    // 02:30 does not exist in Berlin on 2027-03-28: it starts at 03:30 CEST (01:30Z), as schedules read it.
    const skipped = compileTimes(weekly({ start_time: '02:30', end_time: '24:00' }));
    expect(next(skipped.standingAt(at('2027-03-28T00:00:00Z')))).toBe('2027-03-28T01:30:00.000Z');
    expect(until(skipped.standingAt(at('2027-03-28T01:30:00Z')))).toBe('2027-03-28T22:00:00.000Z');
  });

  it('back-to-back days are one silence; ends_on is the last day one starts; ended_at ends the one in progress', () => {
    const weekdays = compileTimes(weekly({ days: [1, 2, 3, 4, 5], start_time: '00:00', end_time: '24:00', time_zone: 'UTC' }));
    // Monday 2027-03-01 to Saturday 00:00.
    expect(until(weekdays.standingAt(at('2027-03-01T10:00:00Z')))).toBe('2027-03-06T00:00:00.000Z');
    const always = compileTimes(weekly({ days: [1, 2, 3, 4, 5, 6, 7], start_time: '00:00', end_time: '00:00', time_zone: 'UTC' }));
    // Chained at most 35 days ahead: the sweep looks again then.
    expect(until(always.standingAt(at('2027-03-01T10:00:00Z')))).toBe('2027-04-06T00:00:00.000Z');
    const ending = compileTimes(weekly({ ends_on: '2027-03-21' }));
    expect(ending.standingAt(at('2027-03-21T00:30:00Z')).active).toBe(true);
    expect(next(ending.standingAt(at('2027-03-21T03:00:00Z')))).toBeNull();
    const endedEarly = compileTimes(weekly({ ended_at: new Date('2027-03-21T01:00:00Z') }));
    expect(until(endedEarly.standingAt(at('2027-03-21T00:30:00Z')))).toBe('2027-03-21T01:00:00.000Z');
    expect(endedEarly.standingAt(at('2027-03-21T01:00:00Z')).active).toBe(false);
    expect(until(endedEarly.standingAt(at('2027-03-28T00:30:00Z')))).toBe('2027-03-28T02:00:00.000Z');
  });

  it('answers the same from its memory as afresh, in any order of asking', () => {
    const plan = weekly({ days: [2, 4, 7], start_time: '23:00', end_time: '02:30' });
    const remembering = compileTimes(plan);
    const start = at('2027-03-20T00:00:00Z');
    for (let i = 0; i < 2000; i++) {
      const ms = start + ((i * 7919) % 20_000) * 60_000;
      expect(remembering.standingAt(ms)).toEqual(compileTimes(plan).standingAt(ms));
    }
  });
});

describe('a weekly window through the API, on the night the clocks go forward', () => {
  let t: TestApp;
  let owner: TestUser;
  let integration: TestIntegration;
  let now = at('2027-03-26T12:00:00Z');

  beforeAll(async () => {
    const slow = { notifications: { ...testConfig().notifications, escalationCheckMs: 3_600_000 } };
    t = await createTestApp(slow, { now: () => new Date(now) });
    owner = await t.createUser();
    integration = await createIntegration(t, owner);
  });
  afterAll(async () => {
    await t?.close();
  });

  const trigger = async () => {
    const title = `Backup ${randomUUID().slice(0, 8)}`;
    const answer = answered(await send(t, integration, { action: 'trigger', title, dedup_key: title }), 202);
    return t.db.selectFrom('alerts').select('silenced_until').where('id', '=', answer.alerts[0].alert_id).executeTakeFirstOrThrow();
  };

  it('silences from 01:00 CET to 04:00 CEST (two hours), and pages after', async () => {
    const window = answered(
      await callAs(t, owner, 'POST', '/api/v1/maintenance-windows/', {
        name: 'Sunday backups',
        integration_id: integration.id,
        kind: 'weekly',
        time_zone: 'Europe/Berlin',
        days: [7],
        start_time: '01:00',
        end_time: '04:00',
      }),
    );
    expect(window).toMatchObject({ active: false, next_start: '2027-03-28T00:00:00.000Z', days: [7] });
    now = at('2027-03-28T01:30:00Z');
    expect((await trigger()).silenced_until?.toISOString()).toBe('2027-03-28T02:00:00.000Z');
    now = at('2027-03-28T02:00:00Z');
    expect((await trigger()).silenced_until).toBeNull();
    expect(await t.parts.maintenance.tick()).toMatchObject({ paged: 1 });
  });
});
