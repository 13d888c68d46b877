import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Db } from '../db/database.js';
import type { ContactMethodRow } from '../db/schema.js';
import { HttpError } from '../errors.js';
import {
  checkCodeSend,
  lockTargetCodes,
  lockUserCodes,
  pruneVerificationEvents,
  recordVerificationEvent,
  targetHashOf,
  wrongCodesLimit,
} from './codeLimits.js';
import type { ContactMethodPublic } from './schema.js';
import { type ContactMethodDeps, ownMethod, toContactMethodPublic } from './service.js';
import { publicTarget } from './targets.js';

/** How long a code works once sent. */
export const CODE_TTL_MINUTES = 15;
/** Wrong codes before the code is void (a new one must be sent). */
export const CODE_MAX_ATTEMPTS = 5;

export const ALREADY_VERIFIED = 'This contact method is already verified';
export const NO_CODE = 'No verification code is outstanding for this contact method: send a new one';
export const CODE_EXPIRED = 'This verification code has expired: send a new one';
export const CODE_WRONG = 'This verification code is not valid';
export const CODE_ATTEMPTS_EXCEEDED = 'Too many wrong codes: send a new one';

/** The code bound to its method: the same digits for another method hash differently. */
export const codeHashOf = (methodId: string, code: string) => createHash('sha256').update(`${methodId}:${code}`).digest('hex');

/**
 * Queues a verification code through the method itself (a notification of kind
 * `contact_verification`, so it goes through the same outbox, queue and retries as alerts).
 * The code is made when it is sent (verificationContent), so it exists nowhere but in the
 * message and as a hash. 409 when verified already; 429 within the target's cooldown or past
 * the user's codes for the day (codeLimits.ts), and then nothing is sent or counted.
 */
export async function sendVerificationCode(deps: ContactMethodDeps, userId: string, id: string): Promise<{ message: string }> {
  const now = deps.now();
  const method = await deps.db.transaction().execute(async (trx) => {
    await lockUserCodes(trx, userId);
    const method = await ownMethod(trx, userId, id, true);
    if (method.verified_at) throw new HttpError(409, ALREADY_VERIFIED);
    const targetHash = targetHashOf(deps.config.secretKey, method);
    await lockTargetCodes(trx, targetHash);
    await checkCodeSend(trx, deps.config.contactMethods, userId, targetHash, now);
    await recordVerificationEvent(trx, 'code_sent', userId, targetHash, now);
    await pruneVerificationEvents(trx, now);
    // The code out there now is void: only the one this sends will work.
    await trx
      .updateTable('contact_methods')
      .set({ code_requested_at: now, code_hash: null, code_expires_at: null, code_attempts: 0 })
      .where('id', '=', id)
      .execute();
    await trx
      .insertInto('notifications')
      .values({
        alert_id: null,
        kind: 'contact_verification',
        recipient: publicTarget(method.kind, method.target),
        channel: method.kind,
        contact_method_id: method.id,
        method_label: method.label,
        user_id: userId,
      })
      .execute();
    return method;
  });
  deps.notifications.kick();
  return { message: `A verification code is on its way to ${method.label}` };
}

/**
 * Makes the code a verification notification carries, when it is sent: a retry makes another
 * (the one before is void). Answers null when the method is gone or verified meanwhile.
 */
export async function mintVerificationCode(
  db: Db,
  methodId: string,
  now: Date,
): Promise<{ method: ContactMethodRow; code: string } | null> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const method = await db
    .updateTable('contact_methods')
    .set({ code_hash: codeHashOf(methodId, code), code_expires_at: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000), code_attempts: 0 })
    .where('id', '=', methodId)
    .where('verified_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return method ? { method, code } : null;
}

/**
 * Checks the code the user entered, under the user's lock, the method's row lock and the
 * target's lock: right, the method is verified; wrong, the attempt is counted (and committed)
 * before the 400, on the code (the CODE_MAX_ATTEMPTS-th wrong one voids it) and against the
 * user's and the target's wrong codes this hour. Past either of those, every code is a 429
 * and is not compared: many methods, or many accounts, do not multiply the guesses.
 */
export async function verifyContactMethod(
  deps: ContactMethodDeps,
  actor: AuditActor,
  userId: string,
  id: string,
  code: string,
): Promise<ContactMethodPublic> {
  const now = deps.now();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await lockUserCodes(trx, userId);
    const method = await ownMethod(trx, userId, id, true);
    if (method.verified_at) return { error: new HttpError(409, ALREADY_VERIFIED) };
    if (method.code_attempts >= CODE_MAX_ATTEMPTS) return { error: new HttpError(400, CODE_ATTEMPTS_EXCEEDED) };
    if (!method.code_hash || !method.code_expires_at) return { error: new HttpError(400, NO_CODE) };
    if (method.code_expires_at.getTime() <= now.getTime()) return { error: new HttpError(400, CODE_EXPIRED) };
    const targetHash = targetHashOf(deps.config.secretKey, method);
    await lockTargetCodes(trx, targetHash);
    const limited = await wrongCodesLimit(trx, deps.config.contactMethods, userId, targetHash, now);
    if (limited) return { error: limited };
    const given = Buffer.from(codeHashOf(method.id, code), 'hex');
    if (!timingSafeEqual(given, Buffer.from(method.code_hash, 'hex'))) {
      const attempts = method.code_attempts + 1;
      await recordVerificationEvent(trx, 'wrong_code', userId, targetHash, now);
      await trx
        .updateTable('contact_methods')
        .set(
          attempts >= CODE_MAX_ATTEMPTS ? { code_attempts: attempts, code_hash: null, code_expires_at: null } : { code_attempts: attempts },
        )
        .where('id', '=', id)
        .execute();
      return { error: new HttpError(400, attempts >= CODE_MAX_ATTEMPTS ? CODE_ATTEMPTS_EXCEEDED : CODE_WRONG) };
    }
    const row = await trx
      .updateTable('contact_methods')
      .set({ verified_at: now, code_hash: null, code_expires_at: null, code_attempts: 0, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'contact_method.verified',
      targetType: 'contact_method',
      targetId: id,
      before: method,
      after: row,
    });
    return { row };
  });
  if ('error' in outcome) throw outcome.error;
  return toContactMethodPublic(outcome.row);
}
