import type { EscalationPolicyCreate, EscalationPolicyPublic } from '../../src/escalationPolicies/schema.js';
import { answered, callAs } from './api.js';
import { usePolicy } from './integrations.js';
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

/** A policy as the suites write it: its levels and pace; the name is filled in. */
export interface PolicyBody {
  levels: object[];
  repeat?: number;
  max_level?: number | null;
  first_level_after_minutes?: number | null;
}

/**
 * Levels that email `contacts`, level 1 first, each given `delayMinutes` before the next (null:
 * the timer stops there); no contacts: one level without targets, which reaches every active
 * superuser.
 */
export const emailLevels = (contacts: string[][], delayMinutes: number | null = null) =>
  (contacts.length > 0 ? contacts : [[]]).map((emails) => ({ delay_minutes: delayMinutes, targets: { emails } }));

/** A new policy of `user`'s that the integration then escalates by (which asks its addresses to confirm); its id. */
export async function givePolicy(t: TestApp, user: TestUser, integrationId: string, policy: PolicyBody, name = 'Test escalation') {
  const { id } = await createPolicy(t, user, { name, ...policy } as EscalationPolicyCreate);
  await usePolicy(t, user, integrationId, id);
  return id;
}
