import { expect } from 'vitest';
import { queueUserNotifications } from '../../src/contactMethods/reachUsers.js';
import type { NotificationPublic } from '../../src/notifications/schema.js';
import { ALERTS } from './alerts.js';
import { answered, callAs } from './api.js';
import type { TestApp, TestUser } from './testApp.js';

/** An alert's notifications as `viewer` reads them (another user's targets withheld), all of them. */
export async function notificationsOf(t: TestApp, viewer: TestUser, alertId: string): Promise<NotificationPublic[]> {
  const page = answered(await callAs(t, viewer, 'GET', `${ALERTS}/${alertId}/notifications`));
  expect(page.count).toBe(page.data.length);
  return page.data;
}

/**
 * What escalation does to reach users at `level`: queues their notifications for the alert in
 * a transaction, at the app's time, then wakes the relay. Answers how many were queued.
 */
export async function reach(t: TestApp, userIds: string[], alertId: string, level = 1) {
  const queued = await t.db
    .transaction()
    .execute((trx) =>
      queueUserNotifications(trx, { alertId, kind: 'escalation', level, userIds, now: t.now(), limits: t.config.notifications.limits }),
    );
  await t.parts.notifications.flush();
  return queued;
}
