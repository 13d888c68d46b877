import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration from '../../src/db/migrations/0034_maintenance_windows.js';
import { WINDOWS_PER_TEAM_MAX } from '../../src/maintenance/schema.js';
import { answered, callAs } from '../helpers/api.js';
import { auditedBy } from '../helpers/audit.js';
import { send } from '../helpers/ingest.js';
import type { TestIntegration } from '../helpers/integrations.js';
import { createTeam } from '../helpers/teams.js';
import { createTestApp, openTestDatabase, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * The routes of /api/v1/maintenance-windows: who reads and changes a team's windows, what a
 * body must hold (each refusal a 422 that stores nothing), the cap per team, the audit log,
 * and the dashboard's list of windows in progress.
 */
const WINDOWS = '/api/v1/maintenance-windows';
const HOUR = 3_600_000;

let t: TestApp;
let admin: TestUser;
let responder: TestUser;
let observer: TestUser;
let stranger: TestUser;
let teamId: string;
let integration: TestIntegration;

const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const oneOff = (fields: object = {}) => ({
  name: 'Kernel upgrade',
  integration_id: integration.id,
  kind: 'one_off',
  starts_at: inHours(-1),
  ends_at: inHours(2),
  ...fields,
});
const windowCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('maintenance_windows')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  [admin, responder, observer, stranger] = await Promise.all([t.createUser(), t.createUser(), t.createUser(), t.createUser()]);
  teamId = (
    await createTeam(t, admin, 'Platform', [
      [responder, 'responder'],
      [observer, 'observer'],
    ])
  ).id;
  const created = answered(await callAs(t, admin, 'POST', '/api/v1/integration/', { title: 'Prometheus', team_id: teamId }));
  integration = { id: created.id, key: created.ingest_key, path: new URL(created.ingest_url).pathname };
});
afterAll(async () => {
  await t?.close();
});

describe('who may do what', () => {
  it('a responder makes, changes, ends and deletes; an observer reads; a stranger sees nothing', async () => {
    const window = answered(await callAs(t, responder, 'POST', `${WINDOWS}/`, oneOff()));
    expect(window).toMatchObject({
      team_id: teamId,
      integration_id: integration.id,
      created_by: responder.id,
      active: true,
      time_zone: 'UTC',
    });
    expect(answered(await callAs(t, observer, 'GET', `${WINDOWS}/${window.id}`)).id).toBe(window.id);
    const listed = answered(await callAs(t, observer, 'GET', `${WINDOWS}/?integration_id=${integration.id}`));
    expect(listed.data.map((w: { id: string }) => w.id)).toContain(window.id);

    expect((await callAs(t, observer, 'POST', `${WINDOWS}/`, oneOff())).statusCode).toBe(403);
    expect((await callAs(t, observer, 'PATCH', `${WINDOWS}/${window.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await callAs(t, observer, 'POST', `${WINDOWS}/${window.id}/end`)).statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', `${WINDOWS}/${window.id}`],
      ['PATCH', `${WINDOWS}/${window.id}`],
      ['POST', `${WINDOWS}/${window.id}/end`],
      ['DELETE', `${WINDOWS}/${window.id}`],
      ['GET', `${WINDOWS}/?integration_id=${integration.id}`],
    ] as const) {
      const res = await callAs(t, stranger, method, url, method === 'PATCH' ? { name: 'mine' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(answered(await callAs(t, stranger, 'GET', `${WINDOWS}/`)).count).toBe(0);
    expect(answered(await callAs(t, stranger, 'GET', `${WINDOWS}/active`)).count).toBe(0);
    // A stranger naming the team's integration learns nothing of it either.
    const refused = await callAs(t, stranger, 'POST', `${WINDOWS}/`, oneOff());
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail[0].loc).toEqual(['body', 'integration_id']);

    const renamed = answered(await callAs(t, responder, 'PATCH', `${WINDOWS}/${window.id}`, { name: 'Kernel upgrade, part 2' }));
    expect(renamed.name).toBe('Kernel upgrade, part 2');
    expect(answered(await callAs(t, admin, 'POST', `${WINDOWS}/${window.id}/end`)).active).toBe(false);
    answered(await callAs(t, responder, 'DELETE', `${WINDOWS}/${window.id}`));
    expect((await callAs(t, admin, 'GET', `${WINDOWS}/${window.id}`)).statusCode).toBe(404);
  });

  it('records each change in the audit log, in the team', async () => {
    let id = '';
    const entries = await auditedBy(t, async () => {
      id = answered(await callAs(t, admin, 'POST', `${WINDOWS}/`, oneOff({ integration_id: null, team_id: teamId }))).id;
      answered(await callAs(t, admin, 'PATCH', `${WINDOWS}/${id}`, { ends_at: inHours(3) }));
      answered(await callAs(t, admin, 'POST', `${WINDOWS}/${id}/end`));
      answered(await callAs(t, admin, 'DELETE', `${WINDOWS}/${id}`));
    });
    expect(entries.map((e) => [e.action, e.target_id, e.team_id])).toEqual(
      ['created', 'updated', 'ended', 'deleted'].map((verb) => [`maintenance_window.${verb}`, id, teamId]),
    );
    expect(entries[0]?.after).toMatchObject({ kind: 'one_off', integration_id: null, matchers: [] });
  });
});

describe('bodies refused', () => {
  const refusals: [string, object, (string | number)[]][] = [
    ['an unknown zone', { time_zone: 'Mars/Olympus' }, ['body', 'time_zone']],
    ['an end before its start', { starts_at: inHours(2), ends_at: inHours(1) }, ['body', 'ends_at']],
    ['an end already past', { starts_at: inHours(-3), ends_at: inHours(-1) }, ['body', 'ends_at']],
    ['more than 30 days', { ends_at: inHours(31 * 24) }, ['body', 'ends_at']],
    ['a start more than a year ahead', { starts_at: inHours(400 * 24), ends_at: inHours(401 * 24) }, ['body', 'starts_at']],
    ['a regex that does not compile', { matchers: [{ field: 'title', op: 'regex', value: '(' }] }, ['body', 'matchers', 0, 'value']],
    ['a matcher without its value', { matchers: [{ field: 'labels.env', op: 'equals' }] }, ['body', 'matchers', 0, 'value']],
    ['a weekly field on a one-off', { days: [1] }, ['body', 'days']],
    ['a one-off without its end', { ends_at: undefined }, ['body', 'ends_at']],
    [
      'a weekly without its days',
      { kind: 'weekly', starts_at: undefined, ends_at: undefined, start_time: '01:00', end_time: '02:00' },
      ['body', 'days'],
    ],
    ['a weekly with a one-off time', { kind: 'weekly', days: [1], start_time: '01:00', end_time: '02:00' }, ['body', 'starts_at']],
    [
      'a date that does not exist',
      {
        kind: 'weekly',
        starts_at: undefined,
        ends_at: undefined,
        days: [1],
        start_time: '01:00',
        end_time: '02:00',
        ends_on: '2031-02-30',
      },
      ['body', 'ends_on'],
    ],
    [
      'a weekly ending in the past',
      {
        kind: 'weekly',
        starts_at: undefined,
        ends_at: undefined,
        days: [1],
        start_time: '01:00',
        end_time: '02:00',
        ends_on: '2020-01-01',
      },
      ['body', 'ends_on'],
    ],
    ['the team of another integration', { team_id: '00000000-0000-4000-8000-000000000000' }, ['body', 'team_id']],
  ];

  it.each(refusals)('%s: a 422 at its field, and nothing stored', async (_, fields, loc) => {
    const before = await windowCount();
    const res = await callAs(t, admin, 'POST', `${WINDOWS}/`, oneOff(fields));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail[0].loc).toEqual(loc);
    expect(await windowCount()).toBe(before);
  });

  it('a change that breaks the plan is refused whole; the window stays as it was', async () => {
    const window = answered(await callAs(t, admin, 'POST', `${WINDOWS}/`, oneOff()));
    for (const patch of [{ ends_at: window.starts_at }, { kind: 'weekly' }, { time_zone: 'Nowhere/Land' }, {}]) {
      expect((await callAs(t, admin, 'PATCH', `${WINDOWS}/${window.id}`, patch)).statusCode).toBe(422);
    }
    const weekly = answered(
      await callAs(t, admin, 'PATCH', `${WINDOWS}/${window.id}`, { kind: 'weekly', days: [6, 7], start_time: '22:00', end_time: '06:00' }),
    );
    expect(weekly).toMatchObject({ kind: 'weekly', starts_at: null, ends_at: null, days: [6, 7] });
    answered(await callAs(t, admin, 'DELETE', `${WINDOWS}/${window.id}`));
  });
});

describe('the cap and the dashboard', () => {
  it(`a team holds at most ${WINDOWS_PER_TEAM_MAX} windows`, async () => {
    const team = (await createTeam(t, admin, 'Capped')).id;
    const row = (i: number) => ({
      team_id: team,
      name: `w${i}`,
      time_zone: 'UTC',
      kind: 'weekly' as const,
      days: [1],
      start_time: '01:00',
      end_time: '02:00',
      starts_at: null,
      ends_at: null,
      ends_on: null,
      ended_at: null,
      match_mode: 'all' as const,
      created_by: admin.id,
    });
    await t.db
      .insertInto('maintenance_windows')
      .values(Array.from({ length: WINDOWS_PER_TEAM_MAX - 2 }, (_, i) => row(i)))
      .execute();
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => callAs(t, admin, 'POST', `${WINDOWS}/`, oneOff({ integration_id: null, team_id: team }))),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 422, 422]);
    const refused = answers.find((res) => res.statusCode === 422);
    expect(refused?.json().detail).toEqual([
      { loc: ['body'], msg: `Value error, A team has at most ${WINDOWS_PER_TEAM_MAX} maintenance windows`, type: 'value_error' },
    ]);
  });

  it('lists the windows in progress with their end and the alerts they silence', async () => {
    const soon = answered(await callAs(t, admin, 'POST', `${WINDOWS}/`, oneOff({ ends_at: inHours(1), name: 'Soon' })));
    const later = answered(await callAs(t, admin, 'POST', `${WINDOWS}/`, oneOff({ ends_at: inHours(5), name: 'Later' })));
    const future = answered(await callAs(t, admin, 'POST', `${WINDOWS}/`, oneOff({ starts_at: inHours(3), ends_at: inHours(4) })));
    expect(future).toMatchObject({ active: false, next_start: future.starts_at });
    answered(await send(t, integration, { action: 'trigger', title: 'Disk', dedup_key: 'disk' }), 202);
    const active = answered(await callAs(t, observer, 'GET', `${WINDOWS}/active?team_id=${teamId}`));
    const mine = active.data.filter((w: { id: string }) => [soon.id, later.id, future.id].includes(w.id));
    expect(mine.map((w: { name: string; silenced_alerts: number }) => [w.name, w.silenced_alerts])).toEqual([
      ['Soon', 0],
      ['Later', 1],
    ]);
  });
});

describe('migration 0034_maintenance_windows', () => {
  it("down() takes the table, the alerts' key and the chat trigger's skip away, and up() brings them back", async () => {
    const { db, drop } = await openTestDatabase({ migrated: true });
    const shape = async () => {
      const { rows } = await sql<{ table: string | null; key: number; skips: boolean }>`
        SELECT to_regclass('maintenance_windows')::text AS table,
          (SELECT count(*)::int FROM pg_constraint WHERE conname = 'alerts_maintenance_window_id_fkey') AS key,
          (SELECT prosrc LIKE '%silenced_until IS NULL%' FROM pg_proc WHERE proname = 'alerts_to_chat_posts') AS skips`.execute(db);
      return rows[0];
    };
    try {
      expect(await shape()).toEqual({ table: 'maintenance_windows', key: 1, skips: true });
      await migration.down(db as unknown as Kysely<unknown>);
      expect(await shape()).toEqual({ table: null, key: 0, skips: false });
      await migration.up(db as unknown as Kysely<unknown>);
      expect(await shape()).toEqual({ table: 'maintenance_windows', key: 1, skips: true });
    } finally {
      await drop();
    }
  });
});
