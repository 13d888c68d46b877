import { answered, callAs } from './api.js';
import { INTEGRATIONS } from './integrations.js';
import type { TestApp, TestUser } from './testApp.js';

export const rulesUrl = (integrationId: string) => `${INTEGRATIONS}/${integrationId}/routing-rules`;
export const dropsUrl = (integrationId: string) => `${INTEGRATIONS}/${integrationId}/routing-drops`;

/** A rule as the API takes it: its name, matchers and action, and what the action needs. */
export const rule = (
  name: string,
  matchers: object[],
  action: 'route' | 'severity' | 'drop',
  extra: { escalation_policy_id?: string; severity?: string; mode?: 'all' | 'any' } = {},
) => ({ name, matchers, action, ...extra });

/** Replaces the integration's rules (200 expected); the saved list. */
export async function saveRules(t: TestApp, user: TestUser, integrationId: string, rules: object[]): Promise<any[]> {
  return answered(await callAs(t, user, 'PUT', rulesUrl(integrationId), { rules })).data;
}
