import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashIngestKey } from '../../src/ingest/keys.js';
import { addPeople, importedRowCounts, lineOf, runImportCommand } from '../helpers/importers.js';
import { send } from '../helpers/ingest.js';
import { body, createTestApp, type TestApp } from '../helpers/testApp.js';
import { oncallApi, type VendorApi } from '../helpers/vendorApis.js';

// `npm run import -- oncall` against a local server answering Grafana OnCall's public API v1
// from fixtures written after its reference (test/fixtures/importers/oncall), two to a page.

const TOKEN = 'oncall-api-token-0123456789';
const PEOPLE = ['ann', 'ben', 'cai', 'dora', 'eli', 'fay'];

describe('npm run import -- oncall', () => {
  let t: TestApp;
  let api: VendorApi;
  const ids: Record<string, string> = {};
  const importing = (...extra: string[]) =>
    runImportCommand(t, ['oncall', '--from', `${api.url}/api/v1`, '--as', 'admin@example.com', ...extra]);

  beforeAll(async () => {
    t = await createTestApp();
    api = await oncallApi(TOKEN);
    Object.assign(ids, await addPeople(t, PEOPLE));
  });
  afterAll(async () => {
    await api?.close();
    await t?.close();
  });

  it('reads every page of every list with the token, and plans without writing', async () => {
    const before = await importedRowCounts(t);
    const run = await importing('--plan', '--api-key', TOKEN);
    expect(await importedRowCounts(t)).toEqual(before);
    expect(api.requests.filter((r) => r.startsWith('/api/v1/users/'))).toEqual([
      '/api/v1/users/',
      '/api/v1/users/?page=2',
      '/api/v1/users/?page=3',
      '/api/v1/users/?page=4',
    ]);
    expect(run.out).toContain('✓ schedule "Backend primary" → would be created, 1 rotation, 2 overrides');
  });

  it('takes the token from ONCALL_API_TOKEN, and says so when it is wrong', async () => {
    const wrong = await runImportCommand(t, ['oncall', '--from', api.url, '--plan', '--as', 'admin@example.com'], {
      env: { ONCALL_API_TOKEN: 'stale', FRONTEND_HOST: 'https://vigil.example' },
    });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain('GET /api/v1/users/: 401 Invalid token.');
  });

  it('applies web and calendar schedules, the chain as a policy, integrations keeping their URL tokens', async () => {
    const run = await importing('--apply', '--api-key', TOKEN);
    expect(run.code).toBe(1);
    expect(lineOf(run.out, 'user', 'zed@example.com')).toMatch(/^✗ .*not found in Vigil/);
    expect(lineOf(run.out, 'schedule', 'Holidays')).toBe(
      '✗ schedule "Holidays": an iCal schedule: Vigil reads no calendar feeds; recreate its pattern as rotations',
    );

    const schedules = body(await t.app.inject({ method: 'GET', url: '/api/v1/schedules/', headers: t.superuser.auth })).data;
    const primary = schedules.find((s: { name: string }) => s.name === 'Backend primary');
    const secondary = schedules.find((s: { name: string }) => s.name === 'Backend secondary');
    const detail = async (id: string) =>
      body(await t.app.inject({ method: 'GET', url: `/api/v1/schedules/${id}`, headers: t.superuser.auth }));
    expect((await detail(primary.id)).rotations).toMatchObject([
      {
        name: 'Weekly',
        user_ids: [ids.ann, ids.ben, ids.cai],
        shift_unit: 'weeks',
        shift_count: 1,
        handoff_time: '10:00',
        starts_at: '2026-11-23T09:00:00.000Z',
        active_hours: [],
      },
    ]);
    // A daily shift masked to weekdays: 24 hours from each weekday's hand-off.
    expect((await detail(secondary.id)).rotations).toMatchObject([
      {
        name: 'Weekdays',
        user_ids: [ids.eli, ids.fay],
        shift_unit: 'days',
        active_hours: [{ days: [1, 2, 3, 4, 5], start: '10:00', end: '10:00' }],
      },
    ]);
    // The overrides layer: Ben on call, whoever the rotation had then off.
    const overrides = body(
      await t.app.inject({ method: 'GET', url: `/api/v1/schedules/${primary.id}/overrides`, headers: t.superuser.auth }),
    ).data;
    expect(overrides[0]).toMatchObject({
      kind: 'add',
      user_id: ids.ben,
      starts_at: '2030-12-23T23:00:00.000Z',
      ends_at: '2030-12-26T23:00:00.000Z',
    });
    expect(overrides).toHaveLength(2);
    expect(overrides[1]).toMatchObject({ kind: 'remove', starts_at: overrides[0].starts_at, ends_at: overrides[0].ends_at });
    expect([ids.ann, ids.cai]).toContain(overrides[1].user_id);

    const [policy] = body(await t.app.inject({ method: 'GET', url: '/api/v1/escalation-policies/', headers: t.superuser.auth })).data;
    expect(policy).toMatchObject({
      name: 'Backend',
      first_level_after_minutes: 0,
      repeat: 5,
      levels: [
        { delay_minutes: 5, targets: { schedule_ids: [primary.id] } },
        { delay_minutes: 15, targets: { schedule_ids: [secondary.id] } },
        { delay_minutes: 15, targets: { user_ids: [ids.dora] } },
      ],
    });
    const chainLine = run.out.indexOf(lineOf(run.out, 'escalation', 'Backend') as string);
    expect(run.out.slice(chainLine + 1, chainLine + 3)).toEqual([
      '    · step 6 (trigger_webhook): no Vigil equivalent: left out',
      '    · "important" steps: Vigil has one set of notification rules per person',
    ]);

    const alertmanager = await t.db
      .selectFrom('integrations')
      .selectAll()
      .where('title', '=', 'Alertmanager (prod)')
      .executeTakeFirstOrThrow();
    expect(alertmanager.escalation_policy_id).toBe(policy.id);
    expect(
      await t.db
        .selectFrom('integration_legacy_keys')
        .select(['integration_id', 'vendor'])
        .where('key_hash', '=', hashIngestKey('mReAoNwDm0eMwKo1mTeTwYo'))
        .execute(),
    ).toEqual([{ integration_id: alertmanager.id, vendor: 'oncall' }]);
    // The token opens the integration wherever an ingest key does.
    expect((await send(t, { path: '/api/v1/ingest/mReAoNwDm0eMwKo1mTeTwYo' }, { action: 'trigger', title: 'Disk full' })).statusCode).toBe(
      202,
    );
    expect(run.out).toContain("    · 1 route besides the default not imported: make them the integration's routing rules in Vigil");
    expect(lineOf(run.out, 'integration', 'Grafana Alerting')).toMatch(
      /→ created \(id .+\), no policy, its Grafana OnCall key opens it too$/,
    );

    const rules = await t.db
      .selectFrom('notification_rules as r')
      .innerJoin('contact_methods as m', 'm.id', 'r.contact_method_id')
      .select(['r.user_id', 'm.kind', 'm.target', 'r.delay_minutes'])
      .execute();
    expect(rules).toEqual([{ user_id: ids.dora, kind: 'email', target: 'dora@example.com', delay_minutes: 0 }]);
    expect(lineOf(run.out, 'notification rules', 'ann@example.com')).toBe(
      '✓ notification rules "ann@example.com" → skipped, nothing Vigil can reach them by',
    );
    const members = await t.db
      .selectFrom('team_members')
      .select(['user_id', 'role'])
      .where('user_id', '=', ids.fay as string)
      .execute();
    expect(members).toEqual([{ user_id: ids.fay, role: 'observer' }]);
  });

  it('a second apply changes nothing', async () => {
    const before = await importedRowCounts(t);
    const run = await importing('--apply', '--api-key', TOKEN);
    expect(await importedRowCounts(t)).toEqual(before);
    expect(run.out.filter((l) => / → (created|updated)/.test(l))).toEqual([]);
    expect(run.out.at(-2)).toBe('Applied: 16 objects: 6 matched, 7 unchanged, 1 skipped, 2 failed.');
  });
});
