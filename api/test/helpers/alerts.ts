import { randomUUID } from 'node:crypto';
import type { AlertCreate, AlertPublic } from '../../src/alerts/schema.js';
import { answered, callAs } from './api.js';
import type { TestApp, TestUser } from './testApp.js';

export const ALERTS = '/api/v1/alert';

/** A new alert of the user's, made through the API; a title of its own unless one is given. */
export async function createAlert(t: TestApp, user: TestUser, fields: Partial<AlertCreate> = {}): Promise<AlertPublic> {
  return answered(await callAs(t, user, 'POST', `${ALERTS}/`, { title: `Disk full ${randomUUID().slice(0, 8)}`, ...fields }));
}
