import type { Db } from '../db/database.js';
import type { AlertRow } from '../db/schema.js';
import { escalationNextOf } from '../escalation/nextReach.js';
import type { AlertDetail } from './schema.js';
import { toAlertPublic } from './service.js';

/** The alert as the public page reads it (schema.ts, AlertDetail): with who its next escalation reaches. */
export async function alertDetail(deps: { db: Db; now: () => Date }, alert: AlertRow): Promise<AlertDetail> {
  return { ...toAlertPublic(alert), escalation_next: await escalationNextOf(deps.db, alert, deps.now()) };
}
