import { HttpError } from '../errors.js';
import { retryAfterSeconds } from '../operations/keyedRateLimit.js';
import { type ContactMethodDeps, ownMethod } from './service.js';
import { publicTarget } from './targets.js';

/** Tests one user may ask for in a window, across their methods (deleted methods' tests count). */
export const METHOD_TESTS_PER_WINDOW = 5;
export const METHOD_TEST_WINDOW_MINUTES = 10;
const WINDOW_MS = METHOD_TEST_WINDOW_MINUTES * 60_000;

export const TEST_NEEDS_VERIFIED =
  'Verify this contact method before sending it a test: only verified methods receive anything but their code';
export const tooManyTests = () =>
  `You have asked for ${METHOD_TESTS_PER_WINDOW} tests in the last ${METHOD_TEST_WINDOW_MINUTES} minutes, the most one user may: try again later`;

/**
 * Queues a test through one of the user's verified methods: a notification of kind
 * `method_test` (no alert), sent by the outbox, queue and retries as alerts are, rendered by the
 * method's channel (testMessages.ts; sms and voice by the telephony renderer). 409 for an
 * unverified method (a test would reach a target nobody proved is theirs); 429 with Retry-After
 * past METHOD_TESTS_PER_WINDOW a window, counted from the notifications themselves.
 */
export async function sendMethodTest(deps: ContactMethodDeps, userId: string, id: string): Promise<{ message: string }> {
  const now = deps.now();
  const method = await deps.db.transaction().execute(async (trx) => {
    // One user's tests one at a time, so the limit holds across replicas.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    const method = await ownMethod(trx, userId, id);
    if (!method.verified_at) throw new HttpError(409, TEST_NEEDS_VERIFIED);
    const recent = await trx
      .selectFrom('notifications')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('kind', '=', 'method_test')
      .where('created_at', '>', new Date(now.getTime() - WINDOW_MS))
      .orderBy('created_at', 'desc')
      .offset(METHOD_TESTS_PER_WINDOW - 1)
      .limit(1)
      .executeTakeFirst();
    if (recent) {
      const wait = recent.created_at.getTime() + WINDOW_MS - now.getTime();
      throw new HttpError(429, tooManyTests(), { 'Retry-After': retryAfterSeconds(wait) });
    }
    await trx
      .insertInto('notifications')
      .values({
        alert_id: null,
        kind: 'method_test',
        recipient: publicTarget(method.kind, method.target),
        channel: method.kind,
        contact_method_id: method.id,
        method_label: method.label,
        user_id: userId,
        created_at: now,
      })
      .execute();
    return method;
  });
  deps.notifications.kick();
  return { message: `A test is on its way to ${method.label}` };
}
