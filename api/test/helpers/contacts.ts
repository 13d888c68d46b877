import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { INTEGRATIONS } from './integrations.js';
import { emailLevels, givePolicy, POLICIES } from './policies.js';
import type { ReceivedMail } from './smtpSink.js';
import { body, type TestApp, type TestUser } from './testApp.js';

/** Helpers of the contact-confirmation tests (contactConfirmation*.test.ts). */
export { INTEGRATIONS };
export const CONFIRMATION = '/api/v1/contacts/confirmation';

export const uniqueAddress = (name = 'contact') => `${name}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * Saves the integration's policy as emailing `contacts` (by hand only): the policy it has is
 * changed (PATCH /escalation-policies/{id}), as its owner edits it under On call; without one, a
 * new policy of `user`'s is given to it. Either way the addresses never asked are emailed a
 * confirmation. Returns the policy's id.
 */
export async function savePolicyEmails(t: TestApp, user: TestUser, integrationId: string, contacts: string[][]): Promise<string> {
  const integration = await t.app.inject({ method: 'GET', url: `${INTEGRATIONS}/${integrationId}`, headers: user.auth });
  const policyId: string | null = body(integration).escalation_policy_id;
  if (!policyId) return givePolicy(t, user, integrationId, { levels: emailLevels(contacts) });
  const res = await t.app.inject({
    method: 'PATCH',
    url: `${POLICIES}/${policyId}`,
    headers: user.auth,
    payload: { levels: emailLevels(contacts) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return policyId;
}

/** The policy's contacts with their confirmation state, as the owner reads them. */
export async function contactsOf(t: TestApp, user: TestUser, integrationId: string) {
  const res = await t.app.inject({ method: 'GET', url: `${INTEGRATIONS}/${integrationId}/contacts`, headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as {
    email: string;
    status: string;
    confirmation_requested_at: string | null;
    resend_available_at: string | null;
    confirmed_by_admin: boolean;
  }[];
}

export const statusOf = async (t: TestApp, user: TestUser, integrationId: string, email: string) =>
  (await contactsOf(t, user, integrationId)).find((c) => c.email === email)?.status;

export const isConfirmationTo = (address: string) => (m: ReceivedMail) =>
  m.to.includes(address) && m.subject.startsWith('Vigil - Confirm that');

/** The confirmation emails `address` received so far, once the queue has sent what is due. */
export async function confirmationsTo(t: TestApp, address: string): Promise<ReceivedMail[]> {
  await t.parts.notifications.flush();
  return t.mail.messages.filter(isConfirmationTo(address));
}

/** The token of the `nth` (1-based) confirmation email to `address`, waiting for it to arrive. */
export async function confirmationToken(t: TestApp, address: string, nth = 1): Promise<string> {
  await t.parts.notifications.flush();
  await t.mail.waitFor(() => t.mail.messages.filter(isConfirmationTo(address)).length >= nth);
  const mail = t.mail.messages.filter(isConfirmationTo(address))[nth - 1];
  const token = /http:\/\/console\.test\/contacts\/confirm\?t=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link in: ${mail?.text}`);
  return token;
}

/** A public confirmation call (no login): `lookup`, `confirm` or `decline`. */
export const answer = (t: TestApp, what: 'lookup' | 'confirm' | 'decline', token: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'POST', url: `${CONFIRMATION}/${what}`, payload: { token } });

export const adminConfirm = (t: TestApp, user: TestUser, integrationId: string, email: string) =>
  t.app.inject({ method: 'POST', url: `${INTEGRATIONS}/${integrationId}/contacts/confirm`, headers: user.auth, payload: { email } });

export const resend = (t: TestApp, user: TestUser, integrationId: string, email: string) =>
  t.app.inject({ method: 'POST', url: `${INTEGRATIONS}/${integrationId}/contacts/resend`, headers: user.auth, payload: { email } });
