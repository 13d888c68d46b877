import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { contactMethodTestEmail } from '../email/templates.js';
import type { MessageRenderer, RenderedNotification } from '../notifications/messages.js';
import { outboundRequest } from './outboundMessages.js';

/** The kinds this renderer sends a test through; sms and voice tests are the telephony renderer's. */
const KINDS = ['email', 'webhook', 'slack', 'ntfy'] as const;

/** Contact methods' tests ("Send a test"), as a kind of message the delivery sends (registered by app.ts). */
export function methodTestMessages(config: Config): MessageRenderer {
  return (db, ids, now) => renderMethodTests(db, config, ids, now);
}

/**
 * The tests among a job's notifications of an email, webhook, Slack-compatible or ntfy method,
 * sent to the method as it is now, in Vigil's words with the account it is for. A method no
 * longer verified (its target changed since) is skipped as `unverified`: the test was asked for
 * a target its owner proved, not this one. A method deleted meanwhile is left out (its pending
 * test was deleted with it).
 */
export async function renderMethodTests(db: Db, config: Config, ids: string[], now: Date): Promise<Map<string, RenderedNotification>> {
  const rows = await db
    .selectFrom('notifications as n')
    .innerJoin('contact_methods as m', 'm.id', 'n.contact_method_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['n.id', 'm.kind', 'm.target', 'm.topic', 'm.secret', 'm.verified_at', 'u.email as account'])
    .where('n.id', 'in', ids)
    .where('n.kind', '=', 'method_test')
    .where('n.status', '=', 'pending')
    .where('m.kind', 'in', [...KINDS])
    .execute();
  const rendered = new Map<string, RenderedNotification>();
  const host = new URL(config.frontendHost).host;
  for (const row of rows) {
    if (row.verified_at === null) {
      rendered.set(row.id, { skipped: 'unverified', alertId: null });
    } else if (row.kind === 'email') {
      rendered.set(row.id, { message: contactMethodTestEmail({ to: row.target, account: row.account, host }), alertId: null });
    } else if (row.kind !== 'sms' && row.kind !== 'voice') {
      const target = { kind: row.kind, target: row.target, topic: row.topic, secret: row.secret };
      rendered.set(row.id, { request: outboundRequest(target, row.id, { type: 'test', account: row.account, host }, now), alertId: null });
    }
  }
  return rendered;
}
