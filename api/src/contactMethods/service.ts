import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { ContactMethodRow } from '../db/schema.js';
import { HttpError, invalidField } from '../errors.js';
import type { Notifications } from '../notifications/service.js';
import { lastTestsOf } from './lastTests.js';
import {
  type ContactMethodCreate,
  type ContactMethodPublic,
  type ContactMethodUpdate,
  type ContactMethodWithSecret,
  type LastMethodTest,
  MAX_CONTACT_METHODS,
} from './schema.js';
import { checkedTarget, hintOf, newSigningSecret, ONLY_NTFY, publicTarget, TOPIC_REQUIRED } from './targets.js';

export interface ContactMethodDeps {
  db: Db;
  config: Config;
  now: () => Date;
  notifications: Pick<Notifications, 'kick'>;
}

export const TOO_MANY_METHODS = `You have ${MAX_CONTACT_METHODS} contact methods, the most one user may have`;
export const LABEL_TAKEN = 'You already have a contact method with this label';
export const METHOD_NOT_FOUND = 'Contact method not found';

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

/** A method as its owner reads it; `lastTest` as lastTestsOf found it (a method just verified or moved has none). */
export function toContactMethodPublic(row: ContactMethodRow, lastTest: LastMethodTest | null = null): ContactMethodPublic {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    target: publicTarget(row.kind, row.target),
    topic: row.topic,
    secret_hint: hintOf(row.secret),
    verified: row.verified_at !== null,
    verified_at: row.verified_at?.toISOString() ?? null,
    code_requested_at: row.code_requested_at?.toISOString() ?? null,
    last_test: lastTest,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The caller's own method, 404 for any other (another user's is not told apart from none). */
export async function ownMethod(db: Db, userId: string, id: string, lock = false): Promise<ContactMethodRow> {
  let query = db.selectFrom('contact_methods').selectAll().where('id', '=', id).where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new HttpError(404, METHOD_NOT_FOUND);
  return row;
}

export async function listContactMethods(db: Db, userId: string): Promise<ContactMethodPublic[]> {
  const rows = await db
    .selectFrom('contact_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const tests = await lastTestsOf(db, rows);
  return rows.map((row) => toContactMethodPublic(row, tests.get(row.id)));
}

/** One of the caller's methods as they read it, its latest test included. */
export async function readContactMethod(db: Db, userId: string, id: string): Promise<ContactMethodPublic> {
  const row = await ownMethod(db, userId, id);
  return toContactMethodPublic(row, (await lastTestsOf(db, [row])).get(row.id));
}

/** Fields only ntfy has: a 422 on another kind, and a topic required on ntfy. */
function checkNtfyFields(kind: ContactMethodRow['kind'], fields: { topic?: string; access_token?: string | null }) {
  if (kind !== 'ntfy') {
    if (fields.topic !== undefined) throw invalidField(['body', 'topic'], ONLY_NTFY);
    if (fields.access_token !== undefined) throw invalidField(['body', 'access_token'], ONLY_NTFY);
  }
}

/** A new, unverified method; a webhook's signing secret is answered this once. */
export async function createContactMethod(
  deps: ContactMethodDeps,
  actor: AuditActor,
  userId: string,
  input: ContactMethodCreate,
): Promise<ContactMethodWithSecret> {
  checkNtfyFields(input.kind, input);
  if (input.kind === 'ntfy' && !input.topic) throw invalidField(['body', 'topic'], TOPIC_REQUIRED);
  const target = checkedTarget(input.kind, input.target, deps.config.contactMethods.allowPrivateNetworks);
  const secret = input.kind === 'webhook' ? newSigningSecret() : input.kind === 'ntfy' ? (input.access_token ?? null) : null;
  const row = await deps.db.transaction().execute(async (trx) => {
    // One user's creations one at a time, so the limit holds.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    const { count } = await trx
      .selectFrom('contact_methods')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_CONTACT_METHODS) throw new HttpError(409, TOO_MANY_METHODS);
    const row = await trx
      .insertInto('contact_methods')
      .values({ user_id: userId, kind: input.kind, label: input.label.trim(), target, topic: input.topic ?? null, secret })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new HttpError(409, LABEL_TAKEN) : error;
      });
    await recordAudit(trx, actor, { action: 'contact_method.created', targetType: 'contact_method', targetId: row.id, after: row });
    return row;
  });
  return { ...toContactMethodPublic(row), secret: row.kind === 'webhook' ? row.secret : null };
}

/** Changes a label, target, topic or ntfy token; a new target or topic must be verified again. */
export async function updateContactMethod(
  deps: ContactMethodDeps,
  actor: AuditActor,
  userId: string,
  id: string,
  changes: ContactMethodUpdate,
): Promise<ContactMethodPublic> {
  return deps.db.transaction().execute(async (trx) => {
    const method = await ownMethod(trx, userId, id, true);
    checkNtfyFields(method.kind, changes);
    const target =
      changes.target === undefined
        ? method.target
        : checkedTarget(method.kind, changes.target, deps.config.contactMethods.allowPrivateNetworks);
    const topic = changes.topic ?? method.topic;
    const moved = target !== method.target || topic !== method.topic;
    const secret = method.kind === 'ntfy' && changes.access_token !== undefined ? changes.access_token : method.secret;
    const row = await trx
      .updateTable('contact_methods')
      .set({
        label: changes.label?.trim() ?? method.label,
        target,
        topic,
        secret,
        updated_at: deps.now(),
        // Somewhere else now: what was verified is not this.
        ...(moved && { verified_at: null, code_hash: null, code_expires_at: null, code_attempts: 0 }),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new HttpError(409, LABEL_TAKEN) : error;
      });
    // Whether the target or secret changed, never either of them.
    const after = { ...row, target_changed: moved, secret_changed: secret !== method.secret };
    await recordAudit(trx, actor, { action: 'contact_method.updated', targetType: 'contact_method', targetId: id, before: method, after });
    return toContactMethodPublic(row, (await lastTestsOf(trx, [row])).get(id));
  });
}

/** A webhook's new signing secret, answered this once; the old one stops signing at once. */
export async function regenerateSecret(
  deps: ContactMethodDeps,
  actor: AuditActor,
  userId: string,
  id: string,
): Promise<ContactMethodWithSecret> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const method = await ownMethod(trx, userId, id, true);
    if (method.kind !== 'webhook') throw new HttpError(409, 'Only a webhook has a signing secret');
    const row = await trx
      .updateTable('contact_methods')
      .set({ secret: newSigningSecret(), updated_at: deps.now() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = { ...row, secret_changed: true };
    await recordAudit(trx, actor, { action: 'contact_method.secret_rotated', targetType: 'contact_method', targetId: id, after });
    return row;
  });
  return { ...toContactMethodPublic(row, (await lastTestsOf(deps.db, [row])).get(id)), secret: row.secret };
}

/**
 * Deletes the method and its rules (the foreign key's cascade). Its notifications stay, with
 * their label; its code or test not sent yet is dropped, and an alert notification still waiting is
 * recorded as skipped when its time comes (the method is gone).
 */
export async function deleteContactMethod(deps: ContactMethodDeps, actor: AuditActor, userId: string, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await ownMethod(trx, userId, id, true);
    await trx
      .deleteFrom('notifications')
      .where('contact_method_id', '=', id)
      .where('kind', 'in', ['contact_verification', 'method_test'])
      .where('status', '=', 'pending')
      .execute();
    await trx.deleteFrom('contact_methods').where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'contact_method.deleted', targetType: 'contact_method', targetId: id, before });
  });
}
