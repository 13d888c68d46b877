import { sql } from 'kysely';
import { answered, callAs } from './api.js';
import type { TestApp, TestUser } from './testApp.js';

/** Schedules, rotations and overrides made through the API, for every suite that needs one. */
export const SCHEDULES = '/api/v1/schedules';

/** The tables a schedule is stored in: a refused call must leave them as they were. */
export const SCHEDULE_TABLES = ['schedules', 'schedule_rotations', 'schedule_rotation_members', 'schedule_overrides'];

export async function createSchedule(t: TestApp, user: TestUser, payload: object) {
  return answered(await callAs(t, user, 'POST', `${SCHEDULES}/`, payload));
}

export async function createRotation(t: TestApp, user: TestUser, scheduleId: string, payload: object) {
  return answered(await callAs(t, user, 'POST', `${SCHEDULES}/${scheduleId}/rotations`, payload));
}

export async function createOverride(t: TestApp, user: TestUser, scheduleId: string, payload: object) {
  return answered(await callAs(t, user, 'POST', `${SCHEDULES}/${scheduleId}/overrides`, payload));
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
