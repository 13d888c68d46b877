import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDS_PER_USER_MAX } from '../../src/calendars/schema.js';
import { tooManyFeeds } from '../../src/calendars/service.js';
import { redactUrlSecrets } from '../../src/operations/logRedaction.js';
import { answered, callAs } from '../helpers/api.js';
import { createOverride, createRotation, createSchedule } from '../helpers/schedules.js';
import { createTeam, shareTeam } from '../helpers/teams.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * Calendar feeds through the API, on PGlite and PostgreSQL: managing them (caps, bad input,
 * who may make which), and what a feed answers: Berlin's spring change (2025-03-30) and an
 * override, the same UIDs at every fetch, and 404 once revoked, deactivated or out of reach.
 */
const FEEDS = '/api/v1/users/me/calendar-feeds';
let clock = new Date('2025-03-15T12:00:00Z');
let t: TestApp;
let ann: TestUser;
let ben: TestUser;
let cai: TestUser;
let stranger: TestUser;
let berlin: { id: string };
let annTeam: string;

type Event = Record<string, string>;
/** The VEVENTs of a feed, each property by name (parameters dropped), lines unfolded. */
function eventsOf(ics: string): Event[] {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events: Event[] = [];
  let current: Event | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else if (current) current[line.slice(0, line.indexOf(':')).split(';')[0]!] = line.slice(line.indexOf(':') + 1);
  }
  return events;
}
const span = (e: Event) => [e.SUMMARY, e.DTSTART, e.DTEND];
const pathOf = (url: string) => new URL(url).pathname;
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: pathOf(url) });
const makeFeed = async (user: TestUser, body: object = {}) => answered(await callAs(t, user, 'POST', FEEDS, body));

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  ann = await t.createUser({ full_name: 'Ann, Lead; Ops' });
  ben = await t.createUser({ full_name: 'Ben' });
  cai = await t.createUser({ full_name: 'Cai' });
  stranger = await t.createUser({ full_name: 'Stranger' });
  annTeam = await shareTeam(t, ann, [ben, cai]);
  berlin = await createSchedule(t, ann, { name: 'Berlin daily', time_zone: 'Europe/Berlin', team_id: annTeam });
  await createRotation(t, ann, berlin.id, {
    name: 'daily',
    user_ids: [ann.id, ben.id],
    shift_unit: 'days',
    shift_count: 1,
    handoff_time: '09:00',
    starts_at: '2025-03-28T09:00:00+01:00',
  });
  // Ben's Monday afternoon goes to Cai.
  await createOverride(t, ann, berlin.id, {
    kind: 'replace',
    user_id: cai.id,
    replaces_user_id: ben.id,
    starts_at: '2025-03-31T13:00:00+02:00',
    ends_at: '2025-03-31T18:00:00+02:00',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('a schedule feed', () => {
  it('has each person on call as events in UTC: the 23-hour shift over the spring change, the override cut out', async () => {
    const feed = await makeFeed(ann, { schedule_id: berlin.id, name: 'Phone' });
    expect(feed).toMatchObject({
      kind: 'schedule',
      schedule_id: berlin.id,
      schedule_name: 'Berlin daily',
      name: 'Phone',
      last_fetched_at: null,
    });
    expect(feed.url).toMatch(/^http:\/\/console\.test\/api\/v1\/calendars\/vcf_[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.url).toContain(feed.prefix);
    const res = await fetchFeed(feed.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(res.body).toContain('X-WR-CALNAME:Berlin daily (on call)\r\n');
    expect(res.body).toContain('X-WR-TIMEZONE:Europe/Berlin\r\n');
    const events = eventsOf(res.body);
    expect(events.slice(0, 7).map(span)).toEqual([
      ['Ann\\, Lead\\; Ops on call', '20250328T080000Z', '20250329T080000Z'], // Fri 09:00 CET
      ['Ben on call', '20250329T080000Z', '20250330T070000Z'], // Sat 09:00 CET → Sun 09:00 CEST: 23 h
      ['Ann\\, Lead\\; Ops on call', '20250330T070000Z', '20250331T070000Z'],
      ['Ben on call', '20250331T070000Z', '20250331T110000Z'],
      ['Cai on call', '20250331T110000Z', '20250331T160000Z'], // the override, 13:00–18:00 CEST
      ['Ben on call', '20250331T160000Z', '20250401T070000Z'],
      ['Ann\\, Lead\\; Ops on call', '20250401T070000Z', '20250402T070000Z'],
    ]);
    // Up to 180 days ahead of today (UTC), no further.
    expect(events.at(-1)!.DTEND).toBe('20250911T000000Z');
    for (const e of events) {
      expect(e.DTSTAMP).toBe('20250315T120000Z');
      expect(e.UID).toMatch(/^[0-9a-f]{32}@console\.test$/);
      expect(e.URL).toBe(`http://console.test/oncall/schedules/${berlin.id}`);
    }
    expect(new Set(events.map((e) => e.UID)).size).toBe(events.length);
    const listed = answered(await callAs(t, ann, 'GET', FEEDS)).data.find((f: { id: string }) => f.id === feed.id);
    expect(listed.last_fetched_at).toBe(clock.toISOString());
  });

  it('keeps the UID of each shift from one fetch to the next, a day later too', async () => {
    const feed = await makeFeed(ann, { schedule_id: berlin.id });
    const before = eventsOf((await fetchFeed(feed.url)).body);
    clock = new Date('2025-03-16T12:00:00Z');
    const after = eventsOf((await fetchFeed(feed.url)).body);
    clock = new Date('2025-03-15T12:00:00Z');
    const uids = new Map(before.map((e) => [e.UID, span(e)]));
    for (const e of after.filter((e) => e.DTEND! <= '20250910T000000Z')) expect(uids.get(e.UID!)).toEqual(span(e));
  });

  it('answers 404 once revoked, while its holder is deactivated, and when the schedule is out of their reach', async () => {
    const feed = await makeFeed(ben, { schedule_id: berlin.id });
    expect((await fetchFeed(feed.url)).statusCode).toBe(200);
    answered(await callAs(t, t.superuser, 'PATCH', `/api/v1/users/${ben.id}`, { is_active: false }));
    expect((await fetchFeed(feed.url)).json()).toEqual({ detail: 'Calendar feed not found' });
    answered(await callAs(t, t.superuser, 'PATCH', `/api/v1/users/${ben.id}`, { is_active: true }));
    expect((await fetchFeed(feed.url)).statusCode).toBe(200);
    // Deactivation ended ben's session: he signs in again.
    const token = await t.login(ben.email, ben.password);
    ben = { ...ben, token, auth: { authorization: `Bearer ${token}` } };
    // Another user cannot revoke it; its holder can, once.
    expect((await callAs(t, ann, 'DELETE', `${FEEDS}/${feed.id}`)).statusCode).toBe(404);
    expect(answered(await callAs(t, ben, 'DELETE', `${FEEDS}/${feed.id}`))).toEqual({ message: 'Calendar feed revoked' });
    expect((await fetchFeed(feed.url)).statusCode).toBe(404);
    expect((await callAs(t, ben, 'DELETE', `${FEEDS}/${feed.id}`)).statusCode).toBe(404);
    // A feed of a team's schedule stops when its holder leaves the team.
    const team = await createTeam(t, ann, 'Feeds team', [[cai, 'observer']]);
    const teamSchedule = await createSchedule(t, ann, { name: 'Team schedule', time_zone: 'UTC', team_id: team.id });
    const caiFeed = await makeFeed(cai, { schedule_id: teamSchedule.id });
    expect((await fetchFeed(caiFeed.url)).statusCode).toBe(200);
    await t.db.deleteFrom('team_members').where('team_id', '=', team.id).where('user_id', '=', cai.id).execute();
    expect((await fetchFeed(caiFeed.url)).statusCode).toBe(404);
  });

  it('answers 404 to a malformed or unknown secret, and logs none', async () => {
    for (const path of [
      '/api/v1/calendars/nope.ics',
      `/api/v1/calendars/vcf_${'A'.repeat(43)}.ics`,
      `/api/v1/calendars/vcf_${'A'.repeat(90)}.ics`,
    ])
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const secret = `vcf_${'b'.repeat(43)}`;
    expect(redactUrlSecrets(`/api/v1/calendars/${secret}.ics`)).toBe('/api/v1/calendars/[redacted]');
    expect(redactUrlSecrets(`/API/V1/CALENDARS/${secret}.ics?x=1`)).not.toContain(secret);
    expect(redactUrlSecrets(`/api/v1/calendars%2F${secret}.ics`)).not.toContain(secret);
  });
});

describe("a feed of one's own shifts", () => {
  it('holds their shifts across the schedules they may read, overrides applied', async () => {
    const utc = await createSchedule(t, ann, { name: 'UTC weekly', time_zone: 'UTC', team_id: annTeam });
    await createRotation(t, ann, utc.id, {
      name: 'weekly',
      user_ids: [ben.id, cai.id],
      shift_unit: 'weeks',
      shift_count: 1,
      handoff_time: '00:00',
      starts_at: '2025-03-31T00:00:00Z',
    });
    const feed = await makeFeed(ben);
    expect(feed).toMatchObject({ kind: 'my_shifts', schedule_id: null, schedule_name: null, name: null });
    const res = await fetchFeed(feed.url);
    expect(res.body).toContain('X-WR-CALNAME:My on-call shifts\r\n');
    const events = eventsOf(res.body);
    expect(events.slice(0, 5).map(span)).toEqual([
      ['On call: Berlin daily', '20250329T080000Z', '20250330T070000Z'],
      ['On call: UTC weekly', '20250331T000000Z', '20250407T000000Z'],
      ['On call: Berlin daily', '20250331T070000Z', '20250331T110000Z'],
      ['On call: Berlin daily', '20250331T160000Z', '20250401T070000Z'],
      ['On call: Berlin daily', '20250402T070000Z', '20250403T070000Z'],
    ]);
    // Both schedules are of ann's team: ben's feed keeps neither once he leaves it.
    await t.db.deleteFrom('team_members').where('team_id', '=', annTeam).where('user_id', '=', ben.id).execute();
    const after = eventsOf((await fetchFeed(feed.url)).body);
    expect(after).toEqual([]);
    await shareTeam(t, ann, [ben]);
  });
});

describe('managing feeds', () => {
  it("lists the caller's own feeds without their secret, newest first", async () => {
    const made = await makeFeed(stranger, { name: 'Mine' });
    const list = answered(await callAs(t, stranger, 'GET', FEEDS));
    const { url, ...listed } = made;
    expect(list).toEqual({ count: 1, data: [listed] });
    expect(JSON.stringify(list)).not.toContain(url.slice(-20));
    expect(answered(await callAs(t, ann, 'GET', FEEDS)).data.map((f: { id: string }) => f.id)).not.toContain(made.id);
  });

  it('refuses a schedule the caller may not read, bad input and one feed past the cap, storing nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('calendar_feeds')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const refusals: [object, (string | number)[]][] = [
      [{ schedule_id: berlin.id }, ['body', 'schedule_id']],
      [{ schedule_id: '00000000-0000-4000-8000-000000000000' }, ['body', 'schedule_id']],
      [{ schedule_id: 'not-a-uuid' }, ['body', 'schedule_id']],
      [{ name: 'x'.repeat(101) }, ['body', 'name']],
      [{ name: '' }, ['body', 'name']],
      [{ kind: 'my_shifts' }, ['body', 'kind']],
    ];
    for (const [payload, loc] of refusals) {
      const res = await callAs(t, stranger, 'POST', FEEDS, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail[0].loc).toEqual(loc);
    }
    expect((await callAs(t, stranger, 'DELETE', `${FEEDS}/not-a-uuid`)).statusCode).toBe(422);
    expect(await count()).toBe(before);
    const held = answered(await callAs(t, stranger, 'GET', FEEDS)).count;
    for (let i = held; i < FEEDS_PER_USER_MAX; i++) await makeFeed(stranger);
    const over = await callAs(t, stranger, 'POST', FEEDS, {});
    expect([over.statusCode, over.json().detail[0]]).toEqual([
      422,
      { loc: ['body'], msg: `Value error, ${tooManyFeeds}`, type: 'value_error' },
    ]);
    expect(answered(await callAs(t, stranger, 'GET', FEEDS)).count).toBe(FEEDS_PER_USER_MAX);
  });

  it('lets a superuser subscribe to any schedule; a deleted schedule takes its feeds along', async () => {
    const schedule = await createSchedule(t, ann, { name: 'Short-lived', time_zone: 'UTC', team_id: annTeam });
    const feed = await makeFeed(t.superuser, { schedule_id: schedule.id });
    expect((await fetchFeed(feed.url)).statusCode).toBe(200);
    answered(await callAs(t, ann, 'DELETE', `/api/v1/schedules/${schedule.id}`));
    expect((await fetchFeed(feed.url)).statusCode).toBe(404);
    expect(answered(await callAs(t, t.superuser, 'GET', FEEDS)).data.map((f: { id: string }) => f.id)).not.toContain(feed.id);
  });
});
