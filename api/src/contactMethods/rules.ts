import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Db } from '../db/database.js';
import { InvalidInput, type ValidationIssue } from '../errors.js';
import type { NotificationRulePublic, NotificationRulesUpdate } from './schema.js';

export const NOT_YOUR_METHOD = 'no contact method of yours has this id';
export const DUPLICATE_RULE = 'this method is already listed with the same delay';

/** The user's rules in order, each with its method's kind, label and whether it is verified. */
export async function notificationRulesOf(db: Db, userId: string): Promise<NotificationRulePublic[]> {
  const rows = await db
    .selectFrom('notification_rules as r')
    .innerJoin('contact_methods as m', 'm.id', 'r.contact_method_id')
    .select(['r.contact_method_id', 'r.delay_minutes', 'm.kind', 'm.label', 'm.verified_at'])
    .where('r.user_id', '=', userId)
    .orderBy('r.position')
    .execute();
  return rows.map(({ verified_at, ...rule }) => ({ ...rule, verified: verified_at !== null }));
}

/**
 * Replaces the user's whole list, in the order given (kept as given: the order is the user's
 * reading of it; delays decide when each is sent). A method that is not the caller's is a 422
 * naming the rule, whether it is another user's or none; so is the same method twice with the
 * same delay. Rules may name unverified methods: they are skipped (and recorded) until verified.
 */
export async function replaceNotificationRules(
  db: Db,
  actor: AuditActor,
  userId: string,
  input: NotificationRulesUpdate,
): Promise<NotificationRulePublic[]> {
  await db.transaction().execute(async (trx) => {
    // Concurrent replacements of one user's list one at a time: the last one wins whole.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    const ids = [...new Set(input.rules.map((r) => r.contact_method_id))];
    const own = new Set(
      ids.length === 0
        ? []
        : (await trx.selectFrom('contact_methods').select('id').where('user_id', '=', userId).where('id', 'in', ids).execute()).map(
            (m) => m.id,
          ),
    );
    const issues: ValidationIssue[] = [];
    const seen = new Set<string>();
    input.rules.forEach((rule, i) => {
      const key = `${rule.contact_method_id}/${rule.delay_minutes}`;
      if (!own.has(rule.contact_method_id)) {
        issues.push({ loc: ['body', 'rules', i, 'contact_method_id'], msg: `Value error, ${NOT_YOUR_METHOD}`, type: 'value_error' });
      } else if (seen.has(key)) {
        issues.push({ loc: ['body', 'rules', i], msg: `Value error, ${DUPLICATE_RULE}`, type: 'value_error' });
      }
      seen.add(key);
    });
    if (issues.length > 0) throw new InvalidInput(issues);
    const removed = await trx
      .deleteFrom('notification_rules')
      .where('user_id', '=', userId)
      .returning(['position', 'contact_method_id', 'delay_minutes'])
      .execute();
    if (input.rules.length > 0) {
      await trx
        .insertInto('notification_rules')
        .values(input.rules.map((rule, position) => ({ user_id: userId, position, ...rule })))
        .execute();
    }
    const before = { user_id: userId, rules: removed.sort((a, b) => a.position - b.position).map(({ position: _, ...rule }) => rule) };
    const after = { user_id: userId, rules: input.rules };
    await recordAudit(trx, actor, {
      action: 'notification_rules.replaced',
      targetType: 'notification_rules',
      targetId: userId,
      before,
      after,
    });
  });
  return notificationRulesOf(db, userId);
}
