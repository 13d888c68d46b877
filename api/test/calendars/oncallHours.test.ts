import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOURS_COLUMNS } from '../../src/calendars/hours.js';
import { callAs } from '../helpers/api.js';
import { createOverride, createRotation, createSchedule, SCHEDULES } from '../helpers/schedules.js';
import { shareTeam } from '../helpers/teams.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * The on-call hours export through the API, on PGlite and PostgreSQL: each person's hours over
 * a week holding Berlin's spring change (a 23-hour shift), an override, the ends of the period
 * cutting shifts, who may read it (emails for the team's admins only), and its bounds.
 */
let t: TestApp;
let ann: TestUser;
let ben: TestUser;
let eve: TestUser;
let observer: TestUser;
let stranger: TestUser;
let schedule: { id: string };

const FROM = '2025-03-28T00:00:00+01:00';
const TO = '2025-04-04T00:00:00+02:00';
const hoursUrl = (from = FROM, to = TO, id = schedule.id) =>
  `${SCHEDULES}/${id}/oncall-hours.csv?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
/** The CSV's rows as arrays of cells (no quoted cell holds a comma here but the one checked by hand). */
const rowsOf = (csv: string) =>
  csv
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.createUser({ full_name: 'Ann' });
  ben = await t.createUser({ full_name: 'Ben' });
  eve = await t.createUser({ full_name: '=HYPERLINK("http://evil.test")' });
  observer = await t.createUser({ full_name: 'Olga' });
  stranger = await t.createUser({ full_name: 'Stranger' });
  const team = await shareTeam(t, ann, [ben, eve]);
  await shareTeam(t, ann, [observer], 'observer');
  schedule = await createSchedule(t, ann, { name: 'Berlin daily', time_zone: 'Europe/Berlin', team_id: team });
  await createRotation(t, ann, schedule.id, {
    name: 'daily',
    user_ids: [ann.id, ben.id],
    shift_unit: 'days',
    shift_count: 1,
    handoff_time: '09:00',
    starts_at: '2025-03-28T09:00:00+01:00',
  });
  await createOverride(t, ann, schedule.id, {
    kind: 'add',
    user_id: eve.id,
    starts_at: '2025-04-01T13:00:00+02:00',
    ends_at: '2025-04-01T18:00:00+02:00',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('on-call hours', () => {
  it("sums each person's hours over the period: elapsed time across the clock change, shifts cut at its ends", async () => {
    const res = await callAs(t, ann, 'GET', hoursUrl());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="oncall-hours-2025-03-27-to-2025-04-03.csv"');
    const [header, ...rows] = rowsOf(res.body);
    expect(header).toEqual([...HOURS_COLUMNS]);
    const period = ['2025-03-27T23:00:00.000Z', '2025-04-03T22:00:00.000Z', schedule.id, 'Berlin daily'];
    // Ann: Fri 24 h, Sun 24 h, Tue 24 h, Thu 09:00 CEST to midnight 15 h. Ben: Sat 23 h (the
    // spring change), Mon 24 h, Wed 24 h. The week is 167 h: 9 of them before the first hand-off.
    // By name: Eve's (below) sorts first.
    expect(rows.slice(1)).toEqual([
      [...period, ann.id, 'Ann', ann.email, '87.00', '4'],
      [...period, ben.id, 'Ben', ben.email, '71.00', '3'],
    ]);
    // Eve's name would be a formula: it is written as text, quoted for its comma-free quotes.
    expect(res.body).toContain(`,${eve.id},"'=HYPERLINK(""http://evil.test"")",${eve.email},5.00,1\r\n`);
  });

  it('gives a team member the same hours without emails, and a stranger the 404 of an unknown schedule', async () => {
    const asAdmin = rowsOf((await callAs(t, ann, 'GET', hoursUrl())).body);
    const res = await callAs(t, observer, 'GET', hoursUrl());
    expect(res.statusCode).toBe(200);
    expect(rowsOf(res.body).length).toBe(4);
    expect(rowsOf(res.body)).toEqual(asAdmin.map((row, i) => (i === 0 ? row : row.map((cell, j) => (j === 6 ? '' : cell)))));
    const hidden = await callAs(t, stranger, 'GET', hoursUrl());
    expect([hidden.statusCode, hidden.json()]).toEqual([404, { detail: 'Schedule not found' }]);
    expect((await t.app.inject({ method: 'GET', url: hoursUrl() })).statusCode).toBe(401);
  });

  it('is empty but for its header where nobody was on call', async () => {
    const res = await callAs(t, ann, 'GET', hoursUrl('2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z'));
    expect(res.body).toBe(`${HOURS_COLUMNS.join(',')}\r\n`);
  });

  it('refuses a period that is not one, longer than 366 days, or not ISO-8601 with an offset', async () => {
    const refusals: [string, (string | number)[]][] = [
      [hoursUrl(TO, FROM), ['query', 'to']],
      [hoursUrl(FROM, FROM), ['query', 'to']],
      [hoursUrl('2025-01-01T00:00:00Z', '2026-01-02T00:00:01Z'), ['query', 'to']],
      [hoursUrl('2025-01-01T00:00:00', TO), ['query', 'from']],
      [hoursUrl('yesterday', TO), ['query', 'from']],
      [`${SCHEDULES}/${schedule.id}/oncall-hours.csv?from=${encodeURIComponent(FROM)}`, ['query', 'to']],
    ];
    for (const [url, loc] of refusals) {
      const res = await callAs(t, ann, 'GET', url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().detail[0].loc, url).toEqual(loc);
    }
    // 366 days exactly (a leap year's) is allowed.
    expect((await callAs(t, ann, 'GET', hoursUrl('2024-01-01T00:00:00Z', '2025-01-01T00:00:00Z'))).statusCode).toBe(200);
    expect((await callAs(t, ann, 'GET', hoursUrl(FROM, TO, 'not-a-uuid'))).statusCode).toBe(422);
  });
});
