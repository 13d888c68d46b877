import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answer,
  confirmationsTo,
  confirmationToken,
  contactsOf,
  INTEGRATIONS,
  resend,
  savePolicyEmails,
  statusOf,
  uniqueAddress,
} from '../helpers/contacts.js';
import { send } from '../helpers/ingest.js';
import { createIntegration } from '../helpers/integrations.js';
import { body, createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

/**
 * Escalation contacts confirm their address: a new contact gets one
 * confirmation email and no alert until it confirms through the link; the link is single-use,
 * expiring and unforgeable, and a refused link changes nothing.
 */
const ALERTS = '/api/v1/alert';

let t: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(async () => {
  await t?.close();
});

/** An integration of `owner` whose policy names `contacts`, and one new alert of it. */
async function alertUnder(owner: TestUser, contacts: string[][]) {
  const integration = await createIntegration(t, owner);
  await savePolicyEmails(t, owner, integration.id, contacts);
  const title = `Disk full ${randomUUID().slice(0, 8)}`;
  const answered = body(await send(t, integration, { action: 'trigger', title, dedup_key: title }));
  return { integration, alertId: answered.alerts[0].alert_id as string, title };
}

/** Escalates and waits for the escalation emails of `level` to reach `to`. */
async function escalateAndWait(alertId: string, title: string, level: number, to: string) {
  clock.advanceMinutes(5); // past the repeat window of the last escalation
  expect((await t.app.inject({ method: 'POST', url: `${ALERTS}/escalate/${alertId}` })).statusCode).toBe(200);
  await t.parts.notifications.flush();
  return t.mail.waitFor((m) => m.to.includes(to) && m.subject.includes(`[ESCALATED L${level}]`) && m.subject.includes(title));
}

const alertMailsTo = (address: string) => t.mail.messages.filter((m) => m.to.includes(address) && m.subject.startsWith('[Vigil]'));

const notificationsOf = async (owner: TestUser, alertId: string) =>
  body(await t.app.inject({ method: 'GET', url: `${ALERTS}/${alertId}/notifications`, headers: owner.auth })).data;

describe('a new escalation contact', () => {
  it('gets only the confirmation email, is skipped by escalations until it confirms, then receives them', async () => {
    const owner = await t.createUser();
    const [first, second] = [uniqueAddress('first'), uniqueAddress('second')];
    const { integration, alertId, title } = await alertUnder(owner, [[first], [second]]);

    const token = await confirmationToken(t, first);
    const [mail] = await confirmationsTo(t, first);
    expect(mail?.subject).toBe(`Vigil - Confirm that ${first} receives alerts from ${owner.email}`);
    expect(mail?.text).toContain(`${owner.email} named ${first} as an escalation contact in Vigil`);
    expect(mail?.text).toContain('expires in 72 hours');
    expect(await contactsOf(t, owner, integration.id)).toEqual([
      expect.objectContaining({ email: first, status: 'unconfirmed', confirmation_requested_at: expect.any(String) }),
      expect.objectContaining({ email: second, status: 'unconfirmed', confirmation_requested_at: expect.any(String) }),
    ]);

    // Unconfirmed: level 1 falls back to the superusers, and the contact is recorded as skipped.
    const fallback = await escalateAndWait(alertId, title, 1, t.superuser.email);
    // Who is next never names a contact that would not be emailed.
    // The superuser reached as the fallback, by name: an address is not every recipient's to read.
    expect(fallback.text).toContain('Notified next: if someone escalates it again, level 2: Administrator.');
    expect(fallback.text).not.toContain(second);
    // Polled: the worker records "sent" just after the SMTP server took the email.
    await expect
      .poll(() => notificationsOf(owner, alertId), { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'escalation', level: 1, recipient: first, status: 'skipped', skipped_reason: 'unconfirmed' }),
          // The superuser is named, their address withheld from the owner (notificationPrivacy.test.ts).
          expect.objectContaining({
            kind: 'escalation',
            level: 1,
            user_id: t.superuser.id,
            recipient: null,
            status: 'sent',
            skipped_reason: null,
          }),
        ]),
      );
    expect(alertMailsTo(first)).toEqual([]);
    expect(await confirmationsTo(t, first)).toHaveLength(1);

    // Reading the link changes nothing (a mail scanner may fetch it); confirming does.
    expect(body(await answer(t, 'lookup', token))).toMatchObject({ email: first, requested_by: owner.email, status: 'unconfirmed' });
    expect(await statusOf(t, owner, integration.id, first)).toBe('unconfirmed');
    const confirmed = await answer(t, 'confirm', token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(body(confirmed)).toMatchObject({ email: first, status: 'confirmed' });
    expect(await contactsOf(t, owner, integration.id)).toContainEqual(
      expect.objectContaining({ email: first, status: 'confirmed', confirmed_by_admin: false }),
    );

    const later = await alertUnder(owner, [[first], [second]]);
    const reached = await escalateAndWait(later.alertId, later.title, 1, first);
    expect(reached.text).toContain(`http://console.test/actions/${later.alertId}?t=`);
    await expect
      .poll(() => notificationsOf(owner, later.alertId), { timeout: 10_000 })
      .toEqual([
        expect.objectContaining({ kind: 'new_alert', recipient: owner.email }),
        expect.objectContaining({ kind: 'escalation', level: 1, recipient: first, status: 'sent' }),
      ]);
    // Saving policies again asked nobody twice.
    expect(await confirmationsTo(t, first)).toHaveLength(1);
  });

  it('is confirmed for every integration of its owner, and asked again by another owner', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const contact = uniqueAddress();
    const { integration } = await alertUnder(owner, [[contact]]);
    expect((await answer(t, 'confirm', await confirmationToken(t, contact))).statusCode).toBe(200);

    const second = await createIntegration(t, owner);
    await savePolicyEmails(t, owner, second.id, [[contact]]);
    expect(await statusOf(t, owner, second.id, contact)).toBe('confirmed');
    // Removed and named again: still confirmed, nothing sent.
    await savePolicyEmails(t, owner, integration.id, []);
    await savePolicyEmails(t, owner, integration.id, [[contact]]);
    expect(await statusOf(t, owner, integration.id, contact)).toBe('confirmed');
    expect(await confirmationsTo(t, contact)).toHaveLength(1);

    const theirs = await createIntegration(t, other);
    await savePolicyEmails(t, other, theirs.id, [[contact]]);
    expect(await statusOf(t, other, theirs.id, contact)).toBe('unconfirmed');
    const asked = await confirmationToken(t, contact, 2);
    expect(body(await answer(t, 'lookup', asked))).toMatchObject({ email: contact, requested_by: other.email });
  });

  it('can decline: it is skipped as declined, and its owner cannot ask again', async () => {
    const owner = await t.createUser();
    const contact = uniqueAddress();
    const { integration, alertId, title } = await alertUnder(owner, [[contact]]);
    const declined = await answer(t, 'decline', await confirmationToken(t, contact));
    expect(body(declined)).toMatchObject({ email: contact, status: 'declined' });
    await escalateAndWait(alertId, title, 1, t.superuser.email);
    expect(await notificationsOf(owner, alertId)).toContainEqual(
      expect.objectContaining({ recipient: contact, status: 'skipped', skipped_reason: 'declined' }),
    );
    clock.advanceMinutes(24 * 60);
    const again = await resend(t, owner, integration.id, contact);
    expect(again.statusCode).toBe(409);
    expect(body(again)).toEqual({ detail: 'This address declined to receive alerts' });
    expect(await confirmationsTo(t, contact)).toHaveLength(1);
    expect(alertMailsTo(contact)).toEqual([]);
  });
});

describe('a confirmation link', () => {
  it('is refused when forged, altered, used or expired, and then changes nothing', async () => {
    const owner = await t.createUser();
    const [used, expired] = [uniqueAddress('used'), uniqueAddress('expired')];
    const integration = await createIntegration(t, owner);
    await savePolicyEmails(t, owner, integration.id, [[used, expired]]);
    const usedToken = await confirmationToken(t, used);
    const expiredToken = await confirmationToken(t, expired);

    const refused = async (token: string, detail: string) => {
      for (const what of ['lookup', 'confirm', 'decline'] as const) {
        const res = await answer(t, what, token);
        expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
        expect(body(res)).toEqual({ detail });
      }
    };
    await refused('forged-token-that-was-never-mailed', 'This confirmation link is not valid');
    await refused(`${usedToken.slice(0, -1)}${usedToken.endsWith('A') ? 'B' : 'A'}`, 'This confirmation link is not valid');
    expect(await statusOf(t, owner, integration.id, used)).toBe('unconfirmed');

    expect((await answer(t, 'confirm', usedToken)).statusCode).toBe(200);
    await refused(usedToken, 'This confirmation link was already used');
    expect(await statusOf(t, owner, integration.id, used)).toBe('confirmed');

    clock.advanceMinutes(72 * 60);
    await refused(expiredToken, 'This confirmation link has expired');
    expect(await statusOf(t, owner, integration.id, expired)).toBe('unconfirmed');
  });

  it('is a bad request without a token, and an unknown route is not found', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/v1/contacts/confirmation/confirm', payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(body(empty).detail).toContainEqual(expect.objectContaining({ loc: ['body', 'token'], msg: 'Field required' }));
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/contacts/confirmation/accept', payload: { token: 'x' } })).statusCode).toBe(
      404,
    );
  });
});

describe('the contacts route', () => {
  it("is the owner's or a superuser's: another user gets 404, nobody signed out 401", async () => {
    const owner = await t.createUser();
    const contact = uniqueAddress();
    const integration = await createIntegration(t, owner);
    await savePolicyEmails(t, owner, integration.id, [[contact]]);
    const url = `${INTEGRATIONS}/${integration.id}/contacts`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const stranger = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url, headers: stranger.auth })).statusCode).toBe(404);
    expect((await resend(t, stranger, integration.id, contact)).statusCode).toBe(404);
    const asAdmin = await t.app.inject({ method: 'GET', url, headers: t.superuser.auth });
    expect(body(asAdmin)).toMatchObject({ count: 1, data: [{ email: contact, status: 'unconfirmed' }] });
  });
});
