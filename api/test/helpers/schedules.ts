import { sql } from 'kysely';
import { expect } from 'vitest';
import { body, type TestApp, type TestUser } from './testApp.js';

/** Calls and fixtures shared by the schedules suites. */
export const SCHEDULES = '/api/v1/schedules';

/** The tables a schedule is stored in: a refused call must leave them as they were. */
export const SCHEDULE_TABLES = ['schedules', 'schedule_rotations', 'schedule_rotation_members', 'schedule_overrides'];

export const send = (t: TestApp, user: TestUser, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: user.auth, ...(payload !== undefined && { payload }) });

export async function createSchedule(t: TestApp, user: TestUser, payload: object) {
  const res = await send(t, user, 'POST', `${SCHEDULES}/`, payload);
  expect(res.statusCode, res.body).toBe(200);
  return body(res);
}

export async function createRotation(t: TestApp, user: TestUser, scheduleId: string, payload: object) {
  const res = await send(t, user, 'POST', `${SCHEDULES}/${scheduleId}/rotations`, payload);
  expect(res.statusCode, res.body).toBe(200);
  return body(res);
}

export async function createOverride(t: TestApp, user: TestUser, scheduleId: string, payload: object) {
  const res = await send(t, user, 'POST', `${SCHEDULES}/${scheduleId}/overrides`, payload);
  expect(res.statusCode, res.body).toBe(200);
  return body(res);
}

/** Every row of the schedule tables, as text. */
export async function scheduleTables(t: TestApp): Promise<Record<string, string[]>> {
  const entries = await Promise.all(
    SCHEDULE_TABLES.map(async (name) => {
      const { rows } = await sql<{ row: string }>`SELECT x::text AS row FROM ${sql.table(name)} x ORDER BY 1`.execute(t.db);
      return [name, rows.map((r) => r.row)] as const;
    }),
  );
  return Object.fromEntries(entries);
}
