import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { onCallAtInSchedules } from '../../src/schedules/onCall.js';
import { type BenchApp, joinAdminTeam } from './benchApp.js';
import { storeSchedules } from './onCallLookups.js';
import { type Distribution, distribution } from './stats.js';
import { plantedChangeAt, worstCaseFixture } from './worstCase.js';

/**
 * Every route that computes who is on call, asked of the costliest schedule a user can store at
 * the caps (worstCase.ts) beside plain schedules of the benchmark's mix, one request after
 * another: the time per answer, and the event loop meanwhile, two ways. perf_hooks
 * monitorEventLoopDelay: its max is about the longest time the loop was held, the longest any
 * other request waited, in wall time (on a machine shared with other work, time the process
 * was not even running counts too). And the longest block in CPU time of the main thread
 * (process.threadCpuUsage between two ticks of a 1 ms timer): what the process itself held
 * the loop for, whatever the neighbours did. The worst case is stored once through the API and
 * copied in SQL to `copies` schedules, for the routes that compute many (up to 100 at once).
 */
const DAY = 86_400_000;
const SCHEDULES = '/api/v1/schedules';

export interface LoopDelay {
  /** ms: the longest and the 99th percentile delay of the loop while the requests ran (wall time). */
  max: number;
  p99: number;
  /** ms: the most CPU time the main thread spent between two turns of the loop. */
  longestBlockCpu: number;
}

export interface Measured {
  answer: Distribution;
  loop: LoopDelay;
}

export interface CapsRoute {
  route: string;
  plain: Measured;
  worst: Measured;
}

export interface CapsFigures {
  copies: number;
  seedMs: number;
  routes: CapsRoute[];
  /** Worst-case answers that were not what the fixture makes them (none expected). */
  check: string[];
}

// Node 23.9 and later; not yet in the @types/node this repository uses.
const node = process as unknown as { threadCpuUsage(): NodeJS.CpuUsage };
const threadCpuMs = () => {
  const { user, system } = node.threadCpuUsage();
  return (user + system) / 1000;
};

/** `rounds` runs of `work` (after one unmeasured), timed each, the loop watched throughout. */
export async function measured(rounds: number, work: () => Promise<unknown>): Promise<Measured> {
  await work();
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let lastCpu = threadCpuMs();
  let longestBlockCpu = 0;
  const tick = setInterval(() => {
    const cpu = threadCpuMs();
    longestBlockCpu = Math.max(longestBlockCpu, cpu - lastCpu);
    lastCpu = cpu;
  }, 1);
  const times: number[] = [];
  histogram.enable();
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  histogram.disable();
  clearInterval(tick);
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  return {
    answer: distribution(times),
    loop: { max: ms(histogram.max), p99: ms(histogram.percentile(99)), longestBlockCpu: Math.round(longestBlockCpu * 100) / 100 },
  };
}

/** A user of the benchmark's own, signed in: their token. */
async function signedIn(b: BenchApp, email: string): Promise<{ id: string; auth: { authorization: string } }> {
  const password = 'bench-caps-password-1';
  const user = await b.call('POST', '/api/v1/users/', { email, password });
  await joinAdminTeam(b, [user.id]);
  const login = await b.app.inject({
    method: 'POST',
    url: '/api/v1/login/access-token',
    payload: new URLSearchParams({ username: email, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { id: user.id, auth: { authorization: `Bearer ${login.json().access_token}` } };
}

/** `count` copies of a stored schedule, rotations, members and overrides alike (SQL: seeding, not measured). */
async function copies(b: BenchApp, id: string, count: number): Promise<string[]> {
  const ids = [id];
  for (let i = 1; i < count; i++) {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO schedules (name, description, time_zone, owner_id, team_id)
      SELECT name || ' ' || ${i}, description, time_zone, owner_id, team_id FROM schedules WHERE id = ${id} RETURNING id`.execute(b.db);
    const copy = rows[0]?.id as string;
    await sql`
      WITH old AS (SELECT * FROM schedule_rotations WHERE schedule_id = ${id}),
      new AS (
        INSERT INTO schedule_rotations (schedule_id, name, shift_unit, shift_count, handoff_time, starts_at, active_hours, created_at)
        SELECT ${copy}, name, shift_unit, shift_count, handoff_time, starts_at, active_hours, created_at FROM old RETURNING id, name)
      INSERT INTO schedule_rotation_members (rotation_id, position, user_id)
      SELECT new.id, m.position, m.user_id FROM new JOIN old ON old.name = new.name JOIN schedule_rotation_members m ON m.rotation_id = old.id`.execute(
      b.db,
    );
    await sql`
      INSERT INTO schedule_overrides (schedule_id, kind, user_id, replaces_user_id, starts_at, ends_at, created_at)
      SELECT ${copy}, kind, user_id, replaces_user_id, starts_at, ends_at, created_at FROM schedule_overrides WHERE schedule_id = ${id}`.execute(
      b.db,
    );
    ids.push(copy);
  }
  return ids;
}

/**
 * `plainIds`: stored schedules of the benchmark's mix (at least `copies`); `plainUser`: a user
 * named in some of them (signed in). Answers the figures of each route, plain and worst.
 */
export async function measureAtTheCaps(
  b: BenchApp,
  { plainIds, copies: count, rounds }: { plainIds: string[]; copies: number; rounds: number },
): Promise<CapsFigures> {
  const started = performance.now();
  const now = Math.floor(b.clock.now().getTime() / 60_000) * 60_000;
  const a = await signedIn(b, `bench-caps-a-${now}@example.com`);
  const other = await signedIn(b, `bench-caps-b-${now}@example.com`);
  const fixture = worstCaseFixture(a.id, other.id, now);
  const [stored] = (await storeSchedules(b, [fixture])).ids;
  const worst = await copies(b, stored as string, count);
  const plain = plainIds.slice(0, count);
  // The plain schedules' most named person, signed in as themself (the bench users share one password).
  const { rows } = await sql<{ user_id: string; email: string }>`
    SELECT m.user_id, u.email FROM schedule_rotation_members m JOIN schedule_rotations r ON r.id = m.rotation_id
    JOIN users u ON u.id = m.user_id WHERE r.schedule_id = ANY(${plain}::uuid[])
    GROUP BY m.user_id, u.email ORDER BY count(DISTINCT r.schedule_id) DESC, m.user_id LIMIT 1`.execute(b.db);
  const login = await b.app.inject({
    method: 'POST',
    url: '/api/v1/login/access-token',
    payload: new URLSearchParams({ username: rows[0]?.email ?? '', password: 'bench-user-password-0' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const plainUser = { authorization: `Bearer ${login.json().access_token}` };
  const seedMs = Math.round(performance.now() - started);

  const at = encodeURIComponent(new Date(now).toISOString());
  const span = `from=${at}&to=${encodeURIComponent(new Date(now + 90 * DAY).toISOString())}`;
  const get = async (url: string, auth = b.auth) => {
    const res = await b.app.inject({ method: 'GET', url, headers: auth });
    if (res.statusCode !== 200) throw new Error(`GET ${url.slice(0, 120)}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json();
  };
  const many = (ids: string[]) => `${SCHEDULES}/on-call?${ids.map((id) => `schedule_id=${id}`).join('&')}&at=${at}`;
  const escalationTargets = 20; // a level names at most 20 targets (escalationPolicies/schema.ts)

  const check: string[] = [];
  const answer = await get(`${SCHEDULES}/${stored}/on-call?at=${at}`);
  const expected = { at: new Date(plantedChangeAt(now)).toISOString(), user_ids: [a.id] };
  if (JSON.stringify(answer.next) !== JSON.stringify(expected)) check.push(`worst case next: ${JSON.stringify(answer.next)}`);
  const shifts = await get(`/api/v1/users/me/shifts?${span}`, a.auth);
  if (shifts.count !== worst.length) check.push(`worst case shifts: ${shifts.count} for ${worst.length} schedules`);

  const pair = async (route: string, plainWork: () => Promise<unknown>, worstWork: () => Promise<unknown>) => ({
    route,
    plain: await measured(rounds, plainWork),
    worst: await measured(rounds, worstWork),
  });
  const routes = [
    await pair(
      'GET /schedules/{id}/on-call',
      () => get(`${SCHEDULES}/${plain[0]}/on-call?at=${at}`),
      () => get(`${SCHEDULES}/${worst[0]}/on-call?at=${at}`),
    ),
    await pair(
      `GET /schedules/on-call, ${count} schedules`,
      () => get(many(plain)),
      () => get(many(worst)),
    ),
    await pair(
      'GET /schedules/{id}/timeline, 90 days',
      () => get(`${SCHEDULES}/${plain[0]}/timeline?${span}`),
      () => get(`${SCHEDULES}/${worst[0]}/timeline?${span}`),
    ),
    await pair(
      `GET /users/me/shifts, 90 days (named in ${count} worst schedules)`,
      () => get(`/api/v1/users/me/shifts?${span}`, plainUser),
      () => get(`/api/v1/users/me/shifts?${span}`, a.auth),
    ),
    await pair(
      `escalation: on call in ${Math.min(escalationTargets, count)} schedules (onCallAtInSchedules)`,
      () => onCallAtInSchedules(b.db, plain.slice(0, escalationTargets), now),
      () => onCallAtInSchedules(b.db, worst.slice(0, escalationTargets), now),
    ),
  ];
  return { copies: count, seedMs, routes, check };
}
