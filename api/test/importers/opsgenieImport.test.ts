import { statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashIngestKey } from '../../src/ingest/keys.js';
import { addPeople, IMPORT_NOW, importedRowCounts, lineOf, runImportCommand } from '../helpers/importers.js';
import { send } from '../helpers/ingest.js';
import { body, createTestApp, type TestApp } from '../helpers/testApp.js';
import { opsgenieApi, type VendorApi, vendorFixture } from '../helpers/vendorApis.js';

// `npm run import -- opsgenie` against a local server answering Opsgenie's REST API v2 from
// fixtures written after its documentation (test/fixtures/importers/opsgenie).

const KEY = 'b2c3d4e5-opsgenie-configuration-key';
const PEOPLE = ['dana', 'eli', 'fay', 'gus', 'hal', 'ann', 'ben'];

describe('npm run import -- opsgenie', () => {
  let t: TestApp;
  let api: VendorApi;
  let dir: string;
  const ids: Record<string, string> = {};
  const importing = (...extra: string[]) =>
    runImportCommand(t, ['opsgenie', '--from', api.url, '--api-key', KEY, '--as', 'admin@example.com', ...extra]);

  beforeAll(async () => {
    t = await createTestApp();
    api = await opsgenieApi(KEY);
    dir = await mkdtemp(path.join(tmpdir(), 'vigil-import-'));
    Object.assign(ids, await addPeople(t, PEOPLE));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    await api?.close();
    await t?.close();
  });

  it('plans without writing anything, and prints no key', async () => {
    const before = await importedRowCounts(t);
    const run = await importing('--plan');
    expect(await importedRowCounts(t)).toEqual(before);
    expect(run.out).toContain('✓ schedule "Payments_schedule" → would be created, 3 rotations, 4 overrides');
    expect(run.out).toContain('✗ user "zed@example.com": not found in Vigil: create the account (or let them sign up), then run again');
    expect(run.out.some((l) => l.includes('ingest key'))).toBe(false);
    expect(run.out).toContain('Nothing was written. Run again with --apply to write it.');
    // Users come in pages of three, each answer linking the next.
    expect(api.requests.filter((r) => r.startsWith('/v2/users?'))).toEqual([
      '/v2/users?limit=100&offset=0&sort=username&order=asc',
      '/v2/users?limit=3&offset=3&sort=username&order=asc',
      '/v2/users?limit=3&offset=6&sort=username&order=asc',
    ]);
    expect(run.code).toBe(1);
  });

  it('applies: teams, schedules with restrictions as active hours, policies, integrations with new keys, heartbeats, rules', async () => {
    const run = await importing('--apply');
    expect(run.code).toBe(1);
    expect(lineOf(run.out, 'team', 'Payments')).toMatch(/^✓ team "Payments" → created \(id [0-9a-f-]{36}\), 5 members$/);
    expect(lineOf(run.out, 'escalation', 'Platform_escalation')).toBe(
      '✗ escalation "Platform_escalation": user zed@example.com not found in Vigil',
    );
    expect(lineOf(run.out, 'integration', 'Platform API')).toBe(
      '✗ integration "Platform API": escalation "Platform_escalation" was not imported',
    );
    expect(run.out.at(-3)).toBe('Applied: 20 objects: 7 matched, 10 created, 3 failed.');

    const schedule = body(await t.app.inject({ method: 'GET', url: '/api/v1/schedules/?limit=10', headers: t.superuser.auth })).data.find(
      (s: { name: string }) => s.name === 'Payments_schedule',
    );
    expect(schedule.time_zone).toBe('America/New_York');
    const rotations = body(
      await t.app.inject({ method: 'GET', url: `/api/v1/schedules/${schedule.id}`, headers: t.superuser.auth }),
    ).rotations;
    const byName = Object.fromEntries(rotations.map((r: { name: string }) => [r.name, r]));
    expect(byName.Days).toMatchObject({
      user_ids: [ids.dana, ids.eli, ids.fay],
      shift_unit: 'weeks',
      handoff_time: '09:00',
      starts_at: '2026-11-23T14:00:00.000Z',
      active_hours: [{ days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' }],
    });
    // A time-of-day restriction past midnight: one rule whose end is before its start.
    expect(byName.Nights).toMatchObject({
      shift_unit: 'days',
      handoff_time: '17:00',
      active_hours: [{ days: [1, 2, 3, 4, 5, 6, 7], start: '17:00', end: '09:00' }],
    });
    // A weekday-and-time-of-day restriction from Friday 17:00 to Monday 09:00, across midnight and the week's end.
    expect(byName.Weekend).toMatchObject({
      user_ids: [ids.gus, ids.hal],
      active_hours: [
        { days: [1], start: '00:00', end: '09:00' },
        { days: [5], start: '17:00', end: '24:00' },
        { days: [6, 7], start: '00:00', end: '24:00' },
      ],
    });
    // Eli's override: Eli on call over the span, whoever the rotations had then off.
    const overrides = body(
      await t.app.inject({ method: 'GET', url: `/api/v1/schedules/${schedule.id}/overrides`, headers: t.superuser.auth }),
    ).data;
    expect(overrides.map((o: { kind: string; user_id: string }) => [o.kind, o.user_id])).toEqual(
      expect.arrayContaining([
        ['add', ids.eli],
        ['remove', ids.gus],
        ['remove', ids.hal],
      ]),
    );
    expect(overrides).toHaveLength(4);
    expect(overrides[0]).toMatchObject({ starts_at: '2030-12-24T05:00:00.000Z', ends_at: '2030-12-27T05:00:00.000Z' });

    const policies = body(await t.app.inject({ method: 'GET', url: '/api/v1/escalation-policies/', headers: t.superuser.auth })).data;
    expect(policies).toHaveLength(1);
    const members = [ids.dana, ids.eli, ids.fay, ids.gus, ids.hal].sort();
    expect(policies[0]).toMatchObject({
      name: 'Payments_escalation',
      first_level_after_minutes: 0,
      repeat: 3,
      levels: [
        { delay_minutes: 5, targets: { schedule_ids: [schedule.id], user_ids: [] } },
        { delay_minutes: 10, targets: { user_ids: [ids.dana] } },
        { delay_minutes: 10, targets: { schedule_ids: [] } },
      ],
    });
    expect([...policies[0].levels[2].targets.user_ids].sort()).toEqual(members);

    // The new key, printed once, opens the integration; so does the API key its senders had.
    const keyLine = run.out[run.out.indexOf(lineOf(run.out, 'integration', 'Prometheus (payments)') as string) + 2] as string;
    const key = /ingest key: (\S+) \(shown once\) → https:\/\/vigil\.example\/api\/v1\/ingest\/\1$/.exec(keyLine)?.[1] as string;
    const integration = await t.db
      .selectFrom('integrations')
      .selectAll()
      .where('title', '=', 'Prometheus (payments)')
      .executeTakeFirstOrThrow();
    expect(integration.ingest_key_hash).toBe(hashIngestKey(key));
    expect(integration.escalation_policy_id).toBe(policies[0].id);
    expect(
      await t.db
        .selectFrom('integration_legacy_keys')
        .select(['integration_id', 'vendor'])
        .where('key_hash', '=', hashIngestKey(vendorFixture('opsgenie', 'integrations')[0].apiKey))
        .execute(),
    ).toEqual([{ integration_id: integration.id, vendor: 'opsgenie' }]);
    for (const k of [key, vendorFixture('opsgenie', 'integrations')[0].apiKey]) {
      expect((await send(t, { path: `/api/v1/ingest/${k}` }, { action: 'trigger', title: 'Card declines up' })).statusCode).toBe(202);
    }

    const monitor = await t.db.selectFrom('heartbeat_monitors').selectAll().executeTakeFirstOrThrow();
    expect(monitor).toMatchObject({ integration_id: integration.id, name: 'nightly-backup', interval_minutes: 1440, severity: 'warning' });
    expect(run.out.some((l) => /^ {4}ping URL: https:\/\/vigil\.example\/api\/v1\/ingest\/\S+\/heartbeat \(shown once\)$/.test(l))).toBe(
      true,
    );

    const danaRules = await t.db
      .selectFrom('notification_rules as r')
      .innerJoin('contact_methods as m', 'm.id', 'r.contact_method_id')
      .select(['m.kind', 'm.target', 'm.label', 'm.verified_at', 'r.delay_minutes'])
      .where('r.user_id', '=', ids.dana as string)
      .orderBy('r.position')
      .execute();
    expect(danaRules).toEqual([
      { kind: 'email', target: 'dana@example.com', label: 'Email (Opsgenie)', verified_at: null, delay_minutes: 0 },
      { kind: 'sms', target: '+14155550100', label: 'SMS (Opsgenie)', verified_at: null, delay_minutes: 1 },
    ]);

    const roles = await t.db
      .selectFrom('team_members as m')
      .innerJoin('teams as t', 't.id', 'm.team_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['t.name', 'u.email', 'm.role'])
      .orderBy('t.name')
      .orderBy('u.email')
      .execute();
    expect(roles.filter((r) => r.name === 'Payments').map((r) => `${r.email}:${r.role}`)).toEqual([
      'dana@example.com:admin',
      'eli@example.com:responder',
      'fay@example.com:responder',
      'gus@example.com:responder',
      'hal@example.com:responder',
    ]);
    expect(roles.filter((r) => r.name === 'Imported from Opsgenie').map((r) => `${r.email}:${r.role}`)).toEqual([
      'admin@example.com:admin',
    ]);
  });

  it('a second apply changes nothing and prints no key', async () => {
    const before = await importedRowCounts(t);
    const run = await importing('--apply');
    expect(await importedRowCounts(t)).toEqual(before);
    expect(run.out.filter((l) => l.startsWith('✓') && !l.includes('→ matched')).every((l) => / → unchanged \(id /.test(l))).toBe(true);
    expect(run.out.some((l) => l.includes('shown once'))).toBe(false);
    expect(run.out).toContain('Applied: 20 objects: 7 matched, 10 unchanged, 3 failed.');
  });

  it('once the missing person exists, the next apply imports what named them and leaves the rest', async () => {
    await addPeople(t, ['zed']);
    const run = await importing('--apply');
    expect(run.code).toBe(0);
    expect(lineOf(run.out, 'team', 'Platform')).toMatch(/→ updated \(id .+\), 1 member added$/);
    expect(lineOf(run.out, 'escalation', 'Platform_escalation')).toMatch(/→ created \(id .+\), 2 levels$/);
    expect(lineOf(run.out, 'integration', 'Platform API')).toMatch(
      /→ created \(id .+\), policy "Platform_escalation", its Opsgenie key opens it too$/,
    );
    expect(lineOf(run.out, 'schedule', 'Payments_schedule')).toMatch(/→ unchanged/);
    expect(run.out.filter((l) => l.includes('ingest key:'))).toHaveLength(1);
  });

  it('a changed source object is updated in place; an object deleted in Vigil is made again', async () => {
    const policy = await t.db
      .selectFrom('escalation_policies')
      .select('id')
      .where('name', '=', 'Payments_escalation')
      .executeTakeFirstOrThrow();
    api.data.escalations[0].repeat.count = 1;
    api.data.schedules[0].rotations[0].participants.reverse();
    await t.db.deleteFrom('heartbeat_monitors').execute();
    const run = await importing('--apply');
    expect(lineOf(run.out, 'escalation', 'Payments_escalation')).toBe(
      `✓ escalation "Payments_escalation" → updated (id ${policy.id}), 3 levels, repeated 1 time`,
    );
    expect(lineOf(run.out, 'schedule', 'Payments_schedule')).toMatch(/→ updated \(id .+\), 3 rotations, 4 overrides$/);
    expect(lineOf(run.out, 'heartbeat', 'nightly-backup')).toMatch(/→ created/);
    expect(lineOf(run.out, 'integration', 'Prometheus (payments)')).toMatch(/→ unchanged/);
    const days = await t.db
      .selectFrom('schedule_rotation_members as m')
      .innerJoin('schedule_rotations as r', 'r.id', 'm.rotation_id')
      .select('m.user_id')
      .where('r.name', '=', 'Days')
      .orderBy('m.position')
      .execute();
    expect(days.map((m) => m.user_id)).toEqual([ids.fay, ids.eli, ids.dana]);
    expect(
      await t.db
        .selectFrom('schedule_rotations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 4 });
  });

  it('--save writes the answers as an export file that --from reads to the same plan', async () => {
    const file = path.join(dir, 'opsgenie.json');
    const fromApi = await importing('--plan', '--save', file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const fromFile = await runImportCommand(t, ['opsgenie', '--from', file, '--plan', '--as', 'admin@example.com']);
    expect(fromFile.out.slice(1)).toEqual(fromApi.out.slice(1));
    expect(fromFile.out.slice(1).every((l) => !l.startsWith('✓') || l.includes('→ matched') || l.includes('→ unchanged'))).toBe(true);
  });

  it('refuses an export file of another shape, a wrong key and an unknown superuser, writing nothing', async () => {
    const before = await importedRowCounts(t);
    const oncall = path.join(dir, 'oncall.json');
    await writeFile(oncall, JSON.stringify({ vendor: 'oncall', users: vendorFixture('oncall', 'users') }));
    const other = await runImportCommand(t, ['opsgenie', '--from', oncall, '--apply', '--as', 'admin@example.com']);
    expect(other.code).toBe(1);
    expect(other.err).toContain(`${oncall} is not an export of Opsgenie: it is an export of Grafana OnCall`);
    expect(other.err).toContain('Nothing was imported.');

    const broken = path.join(dir, 'broken.json');
    const schedules = vendorFixture('opsgenie', 'schedules');
    delete schedules[1].timezone;
    await writeFile(broken, JSON.stringify({ vendor: 'opsgenie', users: vendorFixture('opsgenie', 'users'), schedules }));
    const shape = await runImportCommand(t, ['opsgenie', '--from', broken, '--apply', '--as', 'admin@example.com']);
    expect(shape.code).toBe(1);
    expect(shape.err.join('\n')).toMatch(/is not an export of Opsgenie: \/schedules\/1 must have required properties timezone/);

    const notJson = path.join(dir, 'notes.txt');
    await writeFile(notJson, 'team: payments\n');
    expect((await runImportCommand(t, ['opsgenie', '--from', notJson, '--apply', '--as', 'admin@example.com'])).err).toContain(
      `${notJson}: not JSON`,
    );

    const wrongKey = await runImportCommand(t, [
      'opsgenie',
      '--from',
      api.url,
      '--api-key',
      'not-the-key',
      '--apply',
      '--as',
      'admin@example.com',
    ]);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.err).toContain('GET /v2/users?limit=100&offset=0&sort=username&order=asc: 401 Could not authenticate');

    const notSuper = await importing('--apply', '--as', 'dana@example.com');
    expect(notSuper.err[0]).toBe('--as dana@example.com: no active superuser has this email');
    expect(await importedRowCounts(t)).toEqual(before);
  });

  it('is told what is wrong with its command line', async () => {
    const run = await runImportCommand(t, ['pagerduty', '--from', api.url, '--plan', '--as', 'admin@example.com']);
    expect(run.code).toBe(2);
    expect(run.err[0]).toBe('first name the vendor: opsgenie or oncall, not "pagerduty"');
    expect((await runImportCommand(t, ['opsgenie', '--from', api.url, '--plan', '--apply', '--as', 'a@b.c'])).err[0]).toBe(
      'give one of --plan and --apply',
    );
    expect((await runImportCommand(t, ['opsgenie', '--from', api.url, '--plan'])).err[0]).toMatch(/^--as is required/);
    expect(IMPORT_NOW.toISOString()).toBe('2026-11-29T12:00:00.000Z');
  });
});
