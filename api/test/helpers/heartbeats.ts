import type { Static } from 'typebox';
import type { HeartbeatCreate, HeartbeatCreated } from '../../src/heartbeats/schema.js';
import { answered, callAs } from './api.js';
import { createIntegration, INTEGRATIONS, type TestIntegration } from './integrations.js';
import type { TestApp, TestUser } from './testApp.js';

/** A new heartbeat monitor, alone under a new integration of the user's; its ping URL is in this answer only. */
export async function createMonitor(
  t: TestApp,
  user: TestUser,
  fields: HeartbeatCreate,
): Promise<{ integration: TestIntegration; monitor: Static<typeof HeartbeatCreated> }> {
  const integration = await createIntegration(t, user, `cron ${fields.name}`);
  const monitor = answered(await callAs(t, user, 'POST', `${INTEGRATIONS}/${integration.id}/heartbeats`, fields));
  return { integration, monitor };
}
