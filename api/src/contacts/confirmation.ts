import { hashOneTimeToken, newOneTimeToken } from '../auth/tokens.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { ContactStatus } from '../db/schema.js';
import { LINK_TOKEN_QUERY } from '../email/actionLinks.js';
import { contactConfirmationEmail } from '../email/templates.js';
import { HttpError } from '../errors.js';
import type { MessageRenderer, RenderedNotification } from '../notifications/messages.js';
import type { ContactConfirmationPublic } from './schema.js';

export const CONFIRMATION_INVALID = 'This confirmation link is not valid';
export const CONFIRMATION_EXPIRED = 'This confirmation link has expired';
export const CONFIRMATION_USED = 'This confirmation link was already used';

/** The public page a confirmation email links to (remote-actions' standalone page). */
export const CONFIRMATION_PAGE = '/contacts/confirm';

/** Contacts' confirmation emails, as a kind of message the delivery sends (registered by app.ts). */
export function contactConfirmationMessages(config: Config): MessageRenderer {
  return (db, ids, now) => renderContactConfirmations(db, config, ids, now);
}

/**
 * The confirmation emails among a job's notifications, rendered when they are sent: each gets
 * a new one-time token (32 random bytes; only its SHA-256 is stored, with its expiry), so the
 * token exists nowhere but in the email. A retried send mints another; an unsent one expires
 * unused. A row already sent, given up, or gone with its owner is left out.
 */
export async function renderContactConfirmations(
  db: Db,
  config: Config,
  ids: string[],
  now: Date,
): Promise<Map<string, RenderedNotification>> {
  const rows = await db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.contact_owner_id')
    .select(['n.id', 'n.recipient', 'n.contact_owner_id', 'u.email as owner_email'])
    .where('n.id', 'in', ids)
    .where('n.kind', '=', 'contact_confirmation')
    .where('n.status', '=', 'pending')
    .execute();
  const rendered = new Map<string, RenderedNotification>();
  if (rows.length === 0) return rendered;
  const expiresAt = new Date(now.getTime() + config.contacts.confirmationTtlHours * 3_600_000);
  const tokens = rows.map((row) => ({ row, ...newOneTimeToken() }));
  await db
    .insertInto('contact_confirmation_tokens')
    .values(
      tokens.map(({ row, hash }) => ({
        token_hash: hash,
        owner_id: row.contact_owner_id ?? '',
        email: row.recipient,
        expires_at: expiresAt,
      })),
    )
    .execute();
  for (const { row, token } of tokens) {
    const link = `${config.frontendHost}${CONFIRMATION_PAGE}?${LINK_TOKEN_QUERY}=${token}`;
    const message = contactConfirmationEmail({
      to: row.recipient,
      requestedBy: row.owner_email,
      link,
      validHours: config.contacts.confirmationTtlHours,
    });
    rendered.set(row.id, { message, alertId: null });
  }
  return rendered;
}

/** A token's row with its contact, checked (400 otherwise): known, unused, unexpired. */
async function checkedToken(db: Db, token: string, now: Date, lock: boolean) {
  let query = db
    .selectFrom('contact_confirmation_tokens as t')
    .innerJoin('escalation_contacts as c', (join) => join.onRef('c.owner_id', '=', 't.owner_id').onRef('c.email', '=', 't.email'))
    .innerJoin('users as u', 'u.id', 't.owner_id')
    .select(['t.token_hash', 't.owner_id', 't.email', 't.expires_at', 't.used_at', 'c.status', 'u.email as owner_email'])
    .where('t.token_hash', '=', hashOneTimeToken(token));
  if (lock) query = query.forUpdate('t');
  const row = await query.executeTakeFirst();
  if (!row) throw new HttpError(400, CONFIRMATION_INVALID);
  if (row.used_at !== null) throw new HttpError(400, CONFIRMATION_USED);
  if (row.expires_at.getTime() <= now.getTime()) throw new HttpError(400, CONFIRMATION_EXPIRED);
  return row;
}

const toPublic = (row: { email: string; owner_email: string; expires_at: Date }, status: ContactStatus): ContactConfirmationPublic => ({
  email: row.email,
  requested_by: row.owner_email,
  status,
  expires_at: row.expires_at.toISOString(),
});

/** What a link would confirm, read only: opening the page (or a mail scanner fetching it) changes nothing. */
export async function lookUpConfirmation(db: Db, token: string, now: Date): Promise<ContactConfirmationPublic> {
  const row = await checkedToken(db, token, now, false);
  return toPublic(row, row.status);
}

/**
 * The contact's answer through its link: `confirmed` (alerts reach it from now on) or
 * `declined` (none do, and its owner cannot ask again). One transaction under the token's row
 * lock: the token and every other outstanding one of the contact are used up, so a link acts once.
 */
export async function answerConfirmation(db: Db, token: string, answer: 'confirmed' | 'declined', now: Date) {
  return db.transaction().execute(async (trx) => {
    const row = await checkedToken(trx, token, now, true);
    await trx
      .updateTable('contact_confirmation_tokens')
      .set({ used_at: now })
      .where('owner_id', '=', row.owner_id)
      .where('email', '=', row.email)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .updateTable('escalation_contacts')
      .set(
        answer === 'confirmed'
          ? { status: 'confirmed', confirmed_at: now, confirmed_by: null, declined_at: null }
          : { status: 'declined', declined_at: now, confirmed_at: null, confirmed_by: null },
      )
      .where('owner_id', '=', row.owner_id)
      .where('email', '=', row.email)
      .execute();
    return toPublic(row, answer);
  });
}
