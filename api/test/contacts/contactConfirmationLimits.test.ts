import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations/index.js';
import {
  adminConfirm,
  answer,
  confirmationsTo,
  confirmationToken,
  contactsOf,
  resend,
  savePolicyEmails,
  statusOf,
  uniqueAddress,
} from '../helpers/contacts.js';
import { send } from '../helpers/ingest.js';
import { createIntegration } from '../helpers/integrations.js';
import { emailLevels, POLICIES } from '../helpers/policies.js';
import { teamOf } from '../helpers/teams.js';
import { body, createTestApp, openTestDatabase, type TestApp, testConfig } from '../helpers/testApp.js';
import { TestClock } from '../helpers/testClock.js';

/**
 * Contact confirmation: a superuser's bypass (and nobody else's), the
 * re-send limits that keep a policy from mailing an address again and again, one email per
 * address when two saves race, and contacts that existed before confirmation.
 */
let t: TestApp;
const clock = new TestClock();
// Low, so the daily limit is reached; each test has its own owner, so its own allowance.
const PER_DAY = 3;

beforeAll(async () => {
  t = await createTestApp({ contacts: { ...testConfig().contacts, confirmationsPerDay: PER_DAY } }, { now: clock.now });
});
afterAll(async () => {
  await t?.close();
});

describe('the superuser bypass', () => {
  it('marks a contact confirmed, and alerts reach it without its email', async () => {
    const owner = await t.createUser();
    const contact = uniqueAddress();
    const integration = await createIntegration(t, owner);
    await savePolicyEmails(t, owner, integration.id, [[contact]]);
    const res = await adminConfirm(t, t.superuser, integration.id, contact.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({ email: contact, status: 'confirmed', confirmed_by_admin: true, resend_available_at: null });

    const title = `Bypassed ${randomUUID().slice(0, 8)}`;
    const alertId = body(await send(t, integration, { action: 'trigger', title, dedup_key: title })).alerts[0].alert_id;
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/alert/escalate/${alertId}` })).statusCode).toBe(200);
    await t.parts.notifications.flush();
    const mail = await t.mail.waitFor((m) => m.to.includes(contact) && m.subject.includes(title));
    expect(mail.subject).toContain('[ESCALATED L1]');
    // The link it was sent still works, for its own answer: it may decline.
    expect(body(await answer(t, 'decline', await confirmationToken(t, contact)))).toMatchObject({ status: 'declined' });
    // And a superuser may confirm it again (a decline made by mistake).
    expect(body(await adminConfirm(t, t.superuser, integration.id, contact))).toMatchObject({ status: 'confirmed' });
  });

  it('is refused to anyone else, the owner included, and changes nothing', async () => {
    const owner = await t.createUser();
    const contact = uniqueAddress();
    const integration = await createIntegration(t, owner);
    await savePolicyEmails(t, owner, integration.id, [[contact]]);
    for (const user of [owner, await t.createUser()]) {
      const res = await adminConfirm(t, user, integration.id, contact);
      expect(res.statusCode).toBe(403);
      expect(body(res)).toEqual({ detail: "The user doesn't have enough privileges" });
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/integration/${integration.id}/contacts/confirm`,
      payload: { email: contact },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await statusOf(t, owner, integration.id, contact)).toBe('unconfirmed');
    // An address the policy does not name is not a contact to confirm.
    const stranger = await adminConfirm(t, t.superuser, integration.id, uniqueAddress());
    expect(stranger.statusCode).toBe(404);
    expect(body(stranger)).toEqual({ detail: 'Contact not found' });
  });
});

describe('sending the confirmation again', () => {
  it('waits an hour between emails to one address, however often the policy is saved', async () => {
    const owner = await t.createUser();
    const contact = uniqueAddress();
    const integration = await createIntegration(t, owner);
    await savePolicyEmails(t, owner, integration.id, [[contact]]);
    const first = await confirmationToken(t, contact);
    for (let i = 0; i < 3; i++) await savePolicyEmails(t, owner, integration.id, i % 2 ? [] : [[contact]]);

    const tooSoon = await resend(t, owner, integration.id, contact);
    expect(tooSoon.statusCode).toBe(429);
    expect(body(tooSoon)).toEqual({ detail: 'A confirmation email was sent to this address recently; try again later' });
    expect(Number(tooSoon.headers['retry-after'])).toBe(3600);
    const [listed] = await contactsOf(t, owner, integration.id);
    expect(new Date(listed?.resend_available_at ?? 0).getTime()).toBe(clock.now().getTime() + 3_600_000);
    expect(await confirmationsTo(t, contact)).toHaveLength(1);

    clock.advanceMinutes(60);
    const again = await resend(t, owner, integration.id, contact);
    expect(again.statusCode, again.body).toBe(200);
    expect(body(again)).toMatchObject({ email: contact, status: 'unconfirmed', resend_available_at: expect.any(String) });
    const second = await confirmationToken(t, contact, 2);
    expect(second).not.toBe(first);
    // Either link confirms; then both are used up.
    expect((await answer(t, 'confirm', second)).statusCode).toBe(200);
    expect(body(await answer(t, 'confirm', first))).toEqual({ detail: 'This confirmation link was already used' });
    const done = await resend(t, owner, integration.id, contact);
    expect(done.statusCode).toBe(409);
    expect(body(done)).toEqual({ detail: 'This address is already confirmed' });
  });

  it(`sends one owner's contacts at most ${PER_DAY} confirmations a day; the rest wait, unasked`, async () => {
    const owner = await t.createUser();
    const addresses = Array.from({ length: PER_DAY + 2 }, (_, i) => uniqueAddress(`n${i}`));
    const integration = await createIntegration(t, owner);
    await savePolicyEmails(t, owner, integration.id, [addresses]);
    const listed = await contactsOf(t, owner, integration.id);
    expect(listed.map((c) => c.confirmation_requested_at !== null)).toEqual([true, true, true, false, false]);
    for (const address of addresses.slice(0, PER_DAY)) await confirmationToken(t, address);
    for (const address of addresses.slice(PER_DAY)) expect(await confirmationsTo(t, address)).toEqual([]);

    const over = await resend(t, owner, integration.id, addresses[PER_DAY] ?? '');
    expect(over.statusCode).toBe(429);
    expect(body(over)).toEqual({ detail: 'Too many confirmation emails today; try again later' });
    expect(over.headers['retry-after']).toBeDefined();
    clock.advanceMinutes(24 * 60);
    expect((await resend(t, owner, integration.id, addresses[PER_DAY] ?? '')).statusCode).toBe(200);
    await confirmationToken(t, addresses[PER_DAY] ?? '');
  });

  it('two saves at once (two API replicas) send each new address one email', async () => {
    const owner = await t.createUser();
    const contact = uniqueAddress();
    const integration = await createIntegration(t, owner);
    const policyId = await savePolicyEmails(t, owner, integration.id, []);
    const saves = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({
          method: 'PATCH',
          url: `${POLICIES}/${policyId}`,
          headers: owner.auth,
          payload: { levels: emailLevels([[contact]]) },
        }),
      ),
    );
    expect(saves.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await confirmationToken(t, contact);
    const queued = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('kind', '=', 'contact_confirmation')
      .where('recipient', '=', contact)
      .execute();
    expect(queued).toHaveLength(1);
    expect(await confirmationsTo(t, contact)).toHaveLength(1);
  });
});

describe('contacts stored before confirmation existed (migration 0013)', () => {
  it('become unconfirmed, are mailed nothing by the migration, and are asked on the next save', async () => {
    const { db, drop } = await openTestDatabase();
    try {
      const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: rows[0]?.schema });
      expect((await migrator.migrateTo('0012_announce_from_the_app')).error).toBeUndefined();
      const owner = await db
        .insertInto('users')
        .values({ email: 'old-owner@example.com', hashed_password: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const levels = [['ops@example.com', 'lead@example.com'], ['ops@example.com']];
      await db
        .insertInto('integrations')
        .values({ title: 'Old', owner_id: owner.id, escalation_contacts: JSON.stringify(levels) } as never)
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const contacts = await db.selectFrom('escalation_contacts').selectAll().orderBy('email').execute();
      expect(contacts.map((c) => [c.owner_id, c.email, c.status, c.confirmation_requested_at])).toEqual([
        [owner.id, 'lead@example.com', 'unconfirmed', null],
        [owner.id, 'ops@example.com', 'unconfirmed', null],
      ]);
      expect(await db.selectFrom('notifications').select('id').execute()).toEqual([]);
    } finally {
      await drop();
    }
    // A database of its own: created and migrated twice, slow on a busy machine.
  }, 120_000);

  it('an unasked contact is asked by the next save of a policy that names it', async () => {
    const owner = await t.createUser();
    const contact = uniqueAddress();
    const integration = await createIntegration(t, owner);
    // As the migration leaves it: stored, never asked.
    const levels = [{ delay_minutes: null, targets: { user_ids: [], schedule_ids: [], emails: [contact] } }];
    const policy = await t.db
      .insertInto('escalation_policies')
      .values({
        owner_id: owner.id,
        team_id: await teamOf(t, owner),
        name: 'Moved',
        repeat: 0,
        max_level: 3,
        levels: JSON.stringify(levels),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('integrations').set({ escalation_policy_id: policy.id }).where('id', '=', integration.id).execute();
    await t.db.insertInto('escalation_contacts').values({ owner_id: owner.id, email: contact }).execute();
    expect((await contactsOf(t, owner, integration.id))[0]).toMatchObject({ status: 'unconfirmed', confirmation_requested_at: null });
    await savePolicyEmails(t, owner, integration.id, [[contact]]);
    await confirmationToken(t, contact);
    expect((await contactsOf(t, owner, integration.id))[0]?.confirmation_requested_at).not.toBeNull();
  });
});
