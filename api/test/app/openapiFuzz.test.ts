import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Fixtures,
  hostileBody,
  type OpenApiDoc,
  queryValue,
  resolve,
  type Schema,
  validValue,
} from '../helpers/openapiArbitraries.js';
import { SCHEDULE_TABLES } from '../helpers/schedules.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * Walks every operation of the API's own OpenAPI document and sends it what an attacker
 * would: extra (privileged) properties, wrong types, NUL, huge numbers, deep nesting, oversized
 * strings, form bodies on JSON routes, hostile query values, as an ordinary user and as a
 * superuser. Whatever comes in: never a 5xx; a 4xx changes nothing stored; and no call changes
 * what its caller may not change (an ordinary user's role, activity, password, token version).
 * Before bodies were closed it failed at once on PATCH /users/me {"is_superuser": true}.
 */
const RUNS_PER_OPERATION = 8;
// The escalation timer and links read this clock: fixed, so nothing changes behind the test's back.
const NOW = new Date('2026-06-01T12:00:00Z');

type Role = 'user' | 'superuser';

interface Operation {
  method: string;
  path: string;
  op: Record<string, any>;
}

describe('every operation of the OpenAPI document, fuzzed', () => {
  let t: TestApp;
  let doc: OpenApiDoc;
  let mallory: TestUser;
  let victim: TestUser;
  let ingestKey: string;
  const ids = {
    alerts: [] as string[],
    integrations: [] as string[],
    schedules: [] as string[],
    rotations: [] as string[],
    overrides: [] as string[],
  };

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => NOW });
    doc = t.app.swagger() as unknown as OpenApiDoc;
    mallory = await t.createUser({ full_name: 'Mallory' });
    victim = await t.createUser({ full_name: 'Victim' });
    for (const owner of [mallory, victim]) {
      const alert = await t.app.inject({ method: 'POST', url: '/api/v1/alert/', headers: owner.auth, payload: { title: 'Disk full' } });
      ids.alerts.push(body(alert).id);
      const integration = await t.app.inject({
        method: 'POST',
        url: '/api/v1/integration/',
        headers: owner.auth,
        payload: { title: 'Prom' },
      });
      ids.integrations.push(body(integration).id);
      if (owner === mallory) ingestKey = body(integration).ingest_key;
      // A schedule each, with a rotation and an override: the schedule routes reach real rows.
      const schedule = body(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/schedules/',
          headers: owner.auth,
          payload: { name: 'On call', time_zone: 'Europe/Berlin' },
        }),
      );
      expect(schedule.id).toBeTypeOf('string');
      ids.schedules.push(schedule.id);
      const rotation = await t.app.inject({
        method: 'POST',
        url: `/api/v1/schedules/${schedule.id}/rotations`,
        headers: owner.auth,
        payload: {
          name: 'Weekly',
          user_ids: [owner.id],
          shift_unit: 'weeks',
          shift_count: 1,
          starts_at: '2026-05-04T09:00:00+02:00',
        },
      });
      expect(rotation.statusCode, rotation.body).toBe(200);
      ids.rotations.push(body(rotation).id);
      const override = await t.app.inject({
        method: 'POST',
        url: `/api/v1/schedules/${schedule.id}/overrides`,
        headers: owner.auth,
        payload: { kind: 'add', user_id: owner.id, starts_at: '2026-06-01T00:00:00Z', ends_at: '2026-06-02T00:00:00Z' },
      });
      expect(override.statusCode, override.body).toBe(200);
      ids.overrides.push(body(override).id);
    }
  });
  afterAll(() => t?.close());

  /** Every table a call could change, hashed: a refused call must leave each as it was. */
  const storedState = async () => {
    const tables = [
      'users',
      'integrations',
      'alerts',
      'alert_events',
      'app_settings',
      'escalation_contacts',
      'password_reset_tokens',
      ...SCHEDULE_TABLES,
    ];
    const hashes = tables.map(
      (name) => sql`(SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM ${sql.table(name)} x)`,
    );
    const { rows } = await sql<Record<string, string>>`SELECT ${sql.join(hashes)}`.execute(t.db);
    return rows[0];
  };
  /** What only an administrator may change on a user row. */
  const privileges = async () =>
    t.db.selectFrom('users').select(['id', 'is_active', 'is_superuser', 'hashed_password', 'token_version']).orderBy('id').execute();

  const operations = (): Operation[] =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op }))
        // Deletions take no body or query; the change stream never ends by itself.
        .filter(({ method, op }) => method !== 'DELETE' && !op.responses?.['200']?.content?.['text/event-stream']),
    );

  const pathValue = (role: Role, path: string, name: string): fc.Arbitrary<string> => {
    const mine = role === 'user' ? mallory : t.superuser;
    const fixed: Record<string, string[]> = {
      // A superuser may change another user's role: the target is never themself.
      user_id: role === 'user' ? [mallory.id, victim.id] : [victim.id],
      id: path.startsWith('/api/v1/alert') ? ids.alerts : path.startsWith('/api/v1/schedules') ? ids.schedules : ids.integrations,
      rotation_id: ids.rotations,
      override_id: ids.overrides,
      email: [mine.email, victim.email],
      key: [ingestKey, 'not-a-key'],
    };
    return fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...(fixed[name] ?? ['x'])) },
      { weight: 1, arbitrary: fc.constantFrom('\u0000', 'a'.repeat(300), '-1', '99999999999999999999') },
    );
  };

  const requestOf = (role: Role, { method, path, op }: Operation) => {
    const fixtures: Fixtures = {
      uuids: [...ids.alerts, ...ids.integrations, ...ids.schedules, mallory.id, victim.id],
      emails: [mallory.email, victim.email],
    };
    const params: any[] = op.parameters ?? [];
    const pathParams = Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, pathValue(role, path, p.name)]));
    const queryParams = Object.fromEntries(
      params.filter((p) => p.in === 'query').map((p) => [p.name, queryValue(doc, p.schema, fixtures)]),
    );
    const content = op.requestBody?.content ?? {};
    const isForm = 'application/x-www-form-urlencoded' in content;
    const schema: Schema | undefined = content['application/json']?.schema ?? content['application/x-www-form-urlencoded']?.schema;
    const valid = schema ? validValue(doc, schema, fixtures) : fc.constant(undefined);
    const payload = schema
      ? fc.oneof({ weight: 1, arbitrary: valid }, { weight: 4, arbitrary: hostileBody(valid) })
      : fc.option(hostileBody(fc.constant({})), { freq: 4 });
    return fc
      .record({
        path: fc.record(pathParams),
        query: fc.record(queryParams, { requiredKeys: [] }),
        payload,
        // A JSON route must refuse a form (and the form route stays a form).
        asForm: isForm ? fc.constant(true) : fc.constantFrom(false, false, false, true),
      })
      .map(({ path: values, query, payload: data, asForm }) => {
        const url =
          path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent((values as Record<string, string>)[name] ?? '')) +
          (Object.keys(query).length
            ? `?${Object.entries(query)
                .map(([k, v]) => `${k}=${encodeURIComponent(v as string)}`)
                .join('&')}`
            : '');
        if (data === undefined) return { method, url };
        if (!asForm) return { method, url, payload: JSON.stringify(data), headers: { 'content-type': 'application/json' } };
        const flat = data && typeof data === 'object' && !Array.isArray(data) ? data : { value: data };
        const form = new URLSearchParams(
          Object.entries(flat).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        );
        return { method, url, payload: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
      });
  };

  const fuzz = async (role: Role) => {
    const actor = role === 'user' ? () => mallory : () => t.superuser;
    // Rows this role must leave alone whatever it sends: all but the superuser's target.
    const guarded = (id: string) => (role === 'user' ? true : id !== victim.id);
    for (const operation of operations()) {
      const label = `${operation.method} ${operation.path} as ${role}`;
      await fc.assert(
        fc.asyncProperty(requestOf(role, operation), async (req) => {
          const before = await storedState();
          const privilegesBefore = await privileges();
          const res = await t.app.inject({
            method: req.method as 'POST',
            url: req.url,
            payload: req.payload,
            headers: { ...actor().auth, ...req.headers },
          });
          expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(await storedState(), `${label}: a ${res.statusCode} changed stored rows`).toEqual(before);
          const after = await privileges();
          for (const row of privilegesBefore.filter((r) => guarded(r.id))) {
            expect(
              after.find((r) => r.id === row.id),
              `${label} changed what it may not`,
            ).toEqual(row);
          }
          const superusers = (rows: { is_superuser: boolean }[]) => rows.filter((r) => r.is_superuser).length;
          if (role === 'user') expect(superusers(after), `${label} made a superuser`).toBe(superusers(privilegesBefore));
        }),
        { numRuns: RUNS_PER_OPERATION, endOnFailure: true },
      );
    }
  };

  it('as an ordinary user: no 5xx, a refusal stores nothing, role, activity and password unchanged', () => fuzz('user'), 90_000);
  it('as a superuser: no 5xx, a refusal stores nothing, their own row unchanged', () => fuzz('superuser'), 90_000);

  it('covers every operation that takes a body or a query', () => {
    const covered = operations().filter(({ op }) => op.requestBody || op.parameters?.some((p: any) => p.in === 'query'));
    expect(covered.length).toBeGreaterThanOrEqual(20);
    expect(covered.map((o) => `${o.method} ${o.path}`)).toContain('PATCH /api/v1/users/me');
    expect(resolve(doc, { $ref: '#/components/schemas/UserUpdateMe' }).type).toBe('object');
  });
});
