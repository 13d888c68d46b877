import type { IntegrationPublic } from '../../src/integrations/schema.js';
import { answered, callAs } from './api.js';
import type { TestApp, TestUser } from './testApp.js';

export const INTEGRATIONS = '/api/v1/integration';

/** An integration as the ingest suites use it: its id, its key, and the path its senders post to. */
export interface TestIntegration {
  id: string;
  key: string;
  /** The path of ingest_url (the app runs in-process, so the host does not matter). */
  path: string;
}

export async function createIntegration(t: TestApp, user: TestUser, title = 'Prometheus'): Promise<TestIntegration> {
  const created = answered(await callAs(t, user, 'POST', `${INTEGRATIONS}/`, { title }));
  return { id: created.id, key: created.ingest_key, path: new URL(created.ingest_url).pathname };
}

/** Puts the integration under the escalation policy `policyId` (null: a policy of its own again). */
export async function usePolicy(t: TestApp, user: TestUser, integrationId: string, policyId: string | null): Promise<IntegrationPublic> {
  return answered(await callAs(t, user, 'PATCH', `${INTEGRATIONS}/${integrationId}`, { escalation_policy_id: policyId }));
}
