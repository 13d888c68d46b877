import type { EscalationPolicyCreate, EscalationPolicyPublic } from '../../src/escalationPolicies/schema.js';
import { answered, callAs } from './api.js';
import type { TestApp, TestUser } from './testApp.js';

export const POLICIES = '/api/v1/escalation-policies';

/**
 * One level of a policy: whom it reaches, `delay_minutes` after the level before (null: the
 * policy's own pace). Its targets as given, so a suite can build a level the API must refuse.
 */
export const level = <Targets extends object>(targets: Targets, delay_minutes: number | null = 15) => ({ delay_minutes, targets });

export async function createPolicy(t: TestApp, user: TestUser, payload: EscalationPolicyCreate): Promise<EscalationPolicyPublic> {
  return answered(await callAs(t, user, 'POST', `${POLICIES}/`, payload));
}
