import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { ContactStatus, EscalationContactRow, EscalationPolicyRow, IntegrationRow, UserRow } from '../db/schema.js';
import { HttpError } from '../errors.js';
// upward: a contact is an address a policy names; who may see it follows the policies naming it.
import { seesAddresses, type Viewer } from '../escalation/addressVisibility.js';
// upward: the same, to find the addresses a policy's levels name.
import { policyEmails } from '../escalation/policy.js';
import type { Notifications } from '../notifications/service.js';
import type { EscalationContactPublic } from './schema.js';

/**
 * Escalation contacts confirm their address before any alert reaches them (docs/api/contact-confirmation.md).
 * A contact is an owner and an address: confirmed once, it
 * is confirmed in every policy of that owner; another owner naming the same address asks again.
 */
export type ContactDeps = { db: Db; config: Config; now: () => Date; notifications: Notifications };

export const CONTACT_NOT_FOUND = 'Contact not found';
export const ALREADY_CONFIRMED = 'This address is already confirmed';
export const CONTACT_DECLINED = 'This address declined to receive alerts';
export const RESENT_RECENTLY = 'A confirmation email was sent to this address recently; try again later';
export const DAILY_LIMIT = 'Too many confirmation emails today; try again later';

const DAY_MS = 24 * 3_600_000;

/**
 * Every external address of the integration's escalation policies (its own, then those its
 * routing rules route to, in rule order) that `viewer` may read, once each: none unless they
 * administer the policies' team or are a superuser (escalation/addressVisibility.ts), so its
 * contacts are neither listed nor found by guessing.
 */
export async function integrationAddresses(db: Db, integration: IntegrationRow, viewer: Viewer): Promise<string[]> {
  const { rows } = await sql<Pick<EscalationPolicyRow, 'levels' | 'team_id'>>`
    SELECT p.levels, p.team_id FROM escalation_policies p
    JOIN (
      SELECT ${integration.escalation_policy_id}::uuid AS policy_id, -1 AS position
      UNION ALL
      SELECT escalation_policy_id, position FROM routing_rules WHERE integration_id = ${integration.id} AND escalation_policy_id IS NOT NULL
    ) used ON used.policy_id = p.id
    ORDER BY used.position`.execute(db);
  return [...new Set(rows.filter((policy) => seesAddresses(viewer, policy.team_id)).flatMap((policy) => policyEmails(policy)))];
}

/**
 * Each of `emails`' stored status for `ownerId`; an address never stored is unconfirmed, as is
 * every address of a maker since deleted (null).
 */
export async function contactStatuses(db: Db, ownerId: string | null, emails: string[]): Promise<Map<string, ContactStatus>> {
  const statuses = new Map<string, ContactStatus>(emails.map((email) => [email, 'unconfirmed']));
  if (emails.length === 0 || ownerId === null) return statuses;
  const rows = await db
    .selectFrom('escalation_contacts')
    .select(['email', 'status'])
    .where('owner_id', '=', ownerId)
    .where('email', 'in', emails)
    .execute();
  for (const row of rows) statuses.set(row.email, row.status);
  return statuses;
}

/**
 * Serializes, per owner, the transactions that queue confirmation emails: the daily count
 * and the "asked already?" checks then hold across API replicas (no email twice, none past the limit).
 */
const lockOwnerContacts = (trx: Db, ownerId: string) =>
  sql`SELECT pg_advisory_xact_lock(hashtextextended('vigil-contacts.' || current_schema() || '.' || ${ownerId}, 0))`.execute(trx);

/** Confirmation emails the owner may still cause in the 24 hours up to `now`. */
async function dailyAllowance(trx: Db, deps: Pick<ContactDeps, 'config'>, ownerId: string, now: Date): Promise<number> {
  const { count } = await trx
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('contact_owner_id', '=', ownerId)
    .where('created_at', '>', new Date(now.getTime() - DAY_MS))
    .executeTakeFirstOrThrow();
  return Math.max(0, deps.config.contacts.confirmationsPerDay - Number(count));
}

/** Queues one confirmation email per address (the worker mints each link's token when it sends). */
async function queueConfirmations(trx: Db, ownerId: string, emails: string[], now: Date): Promise<void> {
  if (emails.length === 0) return;
  await trx
    .updateTable('escalation_contacts')
    .set({ confirmation_requested_at: now })
    .where('owner_id', '=', ownerId)
    .where('email', 'in', emails)
    .execute();
  await trx
    .insertInto('notifications')
    .values(emails.map((recipient) => ({ kind: 'contact_confirmation' as const, contact_owner_id: ownerId, recipient, created_at: now })))
    .execute();
}

/**
 * In the transaction that saves a policy: stores the owner's contacts it names, and asks each
 * one never asked before (a new address, or one stored before confirmation existed) to confirm,
 * within the owner's daily allowance (the rest stay unasked: "Send" in the editor later). An
 * address asked already is not asked again, so saving a policy again never mails anyone twice.
 * Returns how many emails it queued.
 */
export async function requestConfirmations(trx: Db, deps: Pick<ContactDeps, 'config' | 'now'>, ownerId: string, emails: string[]) {
  if (emails.length === 0) return 0;
  await trx
    .insertInto('escalation_contacts')
    .values(emails.map((email) => ({ owner_id: ownerId, email })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await lockOwnerContacts(trx, ownerId);
  const never = await trx
    .selectFrom('escalation_contacts')
    .select('email')
    .where('owner_id', '=', ownerId)
    .where('email', 'in', emails)
    .where('status', '=', 'unconfirmed')
    .where('confirmation_requested_at', 'is', null)
    .execute();
  const unasked = new Set(never.map((r) => r.email));
  const now = deps.now();
  // In the policy's order: level 1's contacts first, should the allowance run out.
  const ask = emails.filter((e) => unasked.has(e)).slice(0, await dailyAllowance(trx, deps, ownerId, now));
  await queueConfirmations(trx, ownerId, ask, now);
  return ask.length;
}

/**
 * Whose contacts the integration's addresses are: its maker's (a contact is a maker and an
 * address). An integration whose maker was deleted has none left to ask on behalf of: 409.
 */
function contactOwner(integration: IntegrationRow): string {
  if (integration.owner_id === null) throw new HttpError(409, MAKER_GONE);
  return integration.owner_id;
}
export const MAKER_GONE = "The user who made this integration was deleted: make a new one to confirm its policy's addresses";

/** The integration's contact `email` (locked), or 404 when its policy does not name it where `viewer` may read. */
async function policyContact(trx: Db, viewer: Viewer, integration: IntegrationRow, email: string): Promise<EscalationContactRow> {
  const address = email.trim().toLowerCase();
  if (!(await integrationAddresses(trx, integration, viewer)).includes(address)) throw new HttpError(404, CONTACT_NOT_FOUND);
  await trx
    .insertInto('escalation_contacts')
    .values({ owner_id: contactOwner(integration), email: address })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return trx
    .selectFrom('escalation_contacts')
    .selectAll()
    .where('owner_id', '=', contactOwner(integration))
    .where('email', '=', address)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** When the owner may ask `contact` again (null: now, or never again: confirmed or declined). */
export function resendAvailableAt(deps: Pick<ContactDeps, 'config'>, contact: EscalationContactRow, now: Date): Date | null {
  if (contact.status !== 'unconfirmed' || !contact.confirmation_requested_at) return null;
  const at = new Date(contact.confirmation_requested_at.getTime() + deps.config.contacts.resendMinutes * 60_000);
  return at > now ? at : null;
}

export function toContactPublic(deps: Pick<ContactDeps, 'config'>, contact: EscalationContactRow, now: Date): EscalationContactPublic {
  return {
    email: contact.email,
    status: contact.status,
    confirmation_requested_at: contact.confirmation_requested_at?.toISOString() ?? null,
    resend_available_at: resendAvailableAt(deps, contact, now)?.toISOString() ?? null,
    confirmed_at: contact.confirmed_at?.toISOString() ?? null,
    confirmed_by_admin: contact.status === 'confirmed' && contact.confirmed_by !== null,
  };
}

/** The contacts of the integration's policy that `viewer` may read, in level order, each with its confirmation state. */
export async function listPolicyContacts(
  deps: ContactDeps,
  viewer: Viewer,
  integration: IntegrationRow,
): Promise<EscalationContactPublic[]> {
  const emails = await integrationAddresses(deps.db, integration, viewer);
  if (emails.length === 0) return [];
  const ownerId = integration.owner_id ?? '';
  const rows = integration.owner_id
    ? await deps.db
        .selectFrom('escalation_contacts')
        .selectAll()
        .where('owner_id', '=', integration.owner_id)
        .where('email', 'in', emails)
        .execute()
    : [];
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  const now = deps.now();
  return emails.map((email) =>
    toContactPublic(
      deps,
      byEmail.get(email) ?? {
        owner_id: ownerId,
        email,
        status: 'unconfirmed',
        confirmation_requested_at: null,
        confirmed_at: null,
        confirmed_by: null,
        declined_at: null,
        created_at: now,
      },
      now,
    ),
  );
}

/**
 * Sends a contact of the integration's policy a new confirmation email (owner or superuser).
 * 409 when it confirmed or declined already (a person who said no is not asked again); 429
 * with Retry-After within CONTACT_CONFIRMATION_RESEND_MINUTES of the last one, or past the
 * owner's daily allowance.
 */
export async function resendConfirmation(
  deps: ContactDeps,
  viewer: Viewer,
  integration: IntegrationRow,
  email: string,
): Promise<EscalationContactPublic> {
  const now = deps.now();
  const contact = await deps.db.transaction().execute(async (trx) => {
    const ownerId = contactOwner(integration);
    await lockOwnerContacts(trx, ownerId);
    const contact = await policyContact(trx, viewer, integration, email);
    if (contact.status === 'confirmed') throw new HttpError(409, ALREADY_CONFIRMED);
    if (contact.status === 'declined') throw new HttpError(409, CONTACT_DECLINED);
    const waitUntil = resendAvailableAt(deps, contact, now);
    if (waitUntil) throw tooSoon(RESENT_RECENTLY, waitUntil, now);
    if ((await dailyAllowance(trx, deps, ownerId, now)) < 1) throw tooSoon(DAILY_LIMIT, new Date(now.getTime() + DAY_MS), now);
    await queueConfirmations(trx, ownerId, [contact.email], now);
    return { ...contact, confirmation_requested_at: now };
  });
  deps.notifications.kick();
  return toContactPublic(deps, contact, now);
}

const tooSoon = (detail: string, until: Date, now: Date) =>
  new HttpError(429, detail, { 'Retry-After': String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))) });

/**
 * A superuser marks a contact of the integration's policy confirmed without its email (a
 * known colleague, an address that cannot receive the link, a decline made by mistake). The
 * superuser is recorded in `confirmed_by`.
 */
export async function confirmAsAdmin(
  deps: ContactDeps,
  admin: UserRow,
  integration: IntegrationRow,
  email: string,
): Promise<EscalationContactPublic> {
  const now = deps.now();
  const contact = await deps.db.transaction().execute(async (trx) => {
    const contact = await policyContact(trx, { ...admin, roles: new Map() }, integration, email);
    if (contact.status === 'confirmed') return contact;
    return trx
      .updateTable('escalation_contacts')
      .set({ status: 'confirmed', confirmed_at: now, confirmed_by: admin.id, declined_at: null })
      .where('owner_id', '=', contact.owner_id)
      .where('email', '=', contact.email)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toContactPublic(deps, contact, now);
}
