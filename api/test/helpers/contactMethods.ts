import type { ContactMethodCreate, ContactMethodWithSecret, NotificationRulePublic } from '../../src/contactMethods/schema.js';
import { answered, callAs } from './api.js';
import type { HookReceiver, ReceivedHook } from './hookReceiver.js';
import type { TestApp, TestUser } from './testApp.js';

export const METHODS = '/api/v1/users/me/contact-methods';
export const RULES = '/api/v1/users/me/notification-rules';

/** A new contact method of the user's, unverified; a webhook's secret is in this answer only. */
export async function createMethod(t: TestApp, user: TestUser, fields: ContactMethodCreate): Promise<ContactMethodWithSecret> {
  return answered(await callAs(t, user, 'POST', METHODS, fields));
}

/**
 * Sends a verification code to a method whose target is `receiver`, and reads it from the first
 * request since that `sentTo` picks (every channel's message says "code is …").
 */
export async function codeOf(
  t: TestApp,
  receiver: HookReceiver,
  user: TestUser,
  methodId: string,
  sentTo: (hook: ReceivedHook) => boolean,
): Promise<string> {
  const before = receiver.accepted.length;
  answered(await callAs(t, user, 'POST', `${METHODS}/${methodId}/send-code`), 202);
  const hook = await receiver.waitFor((h) => receiver.accepted.indexOf(h) >= before && sentTo(h));
  const code = /code is (\d{6})/.exec(hook.body)?.[1];
  if (!code) throw new Error(`no code in: ${hook.body}`);
  return code;
}

/** Verifies the method with `code`. */
export async function verifyMethod(t: TestApp, user: TestUser, methodId: string, code: string): Promise<void> {
  answered(await callAs(t, user, 'POST', `${METHODS}/${methodId}/verify`, { code }));
}

/** Replaces the user's notification rules. */
export async function setRules(t: TestApp, user: TestUser, rules: { contact_method_id: string; delay_minutes: number }[]) {
  return answered(await callAs(t, user, 'PUT', RULES, { rules })).data as NotificationRulePublic[];
}
